import { execFile } from 'node:child_process';
import http from 'node:http';
import nodeFs from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GitHttpServer } from '@arlon-backstage/arlon-sandbox';
import git from 'isomorphic-git';
import { FleetCheckout } from './FleetCheckout';
import { pushByHand } from '../regenerate/__testUtils__/gitLog';
import { FLUSH, pktLine } from './receivePackProtocol';
import { packfile, type GitObject } from './packfile';
import { timedGitHttp } from './timedGitHttp';
import { packBomb } from './__testUtils__/packBomb';
import { seededFleet } from './__testUtils__/seededFleet';

const run = promisify(execFile);
const creds = { username: 'bot', password: 'pw' };

/** A scripted answer to the fetch's one POST. */
interface Answer {
  status?: number;
  type?: string;
  headers?: Record<string, string>;
  body: Buffer | string;
  /** Written after `body` over and over, as fast as it is read, until the client lets go. */
  endless?: Buffer;
}

/** Side-band-64k pkt-lines of `data` on `band`, as upload-pack frames a pack. */
const banded = (band: number, data: Buffer) => {
  const lines: Buffer[] = [];
  for (let at = 0; at < data.length; at += 65000)
    lines.push(
      pktLine(
        Buffer.concat([Buffer.from([band]), data.subarray(at, at + 65000)]),
      ),
    );
  return Buffer.concat(lines);
};

/**
 * A signalled head fetched in one POST to upload-pack (no ref advertisement),
 * against the sandbox's real `git http-backend`, and against a server whose
 * answer to that POST is wrong: the snapshot is always the commit's, read
 * whole, and the clone's branch never claims a commit it cannot read.
 */
describe('FleetCheckout fetches a signalled head by its id', () => {
  let root: string;
  let server: GitHttpServer;
  let bare: string;
  const cleanup: Array<() => Promise<unknown>> = [];

  const bareGit = async (...args: string[]) =>
    (await run('git', ['-C', bare, ...args])).stdout.trim();

  /** A commit pushed by someone else, straight into the server's repository. */
  const commitOnServer = async (changes: Record<string, string | null>) => {
    await pushByHand(bare, changes, 'By hand');
    return bareGit('rev-parse', 'main');
  };

  const checkoutAt = async (
    url: string,
    timeoutMs = 30_000,
    logger?: { warn(message: string): void },
  ) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    return {
      dir,
      checkout: new FleetCheckout(
        dir,
        url,
        'main',
        async () => creds,
        timedGitHttp(timeoutMs),
        logger,
      ),
      localHead: () => git.resolveRef({ fs: nodeFs, dir, ref: 'main' }),
      packs: async () =>
        (await fs.readdir(path.join(dir, '.git/objects/pack'))).sort(),
    };
  };

  /**
   * A proxy to the real server that logs each request (`GET` for a ref
   * advertisement, `POST` for upload-pack), with the Authorization it
   * carried; `quick` may answer the POST that no advertisement came before
   * (the fetch by id) itself.
   */
  const proxy = async (
    quick?: (request: Buffer) => Answer | 'hang' | undefined,
  ) => {
    const log: Array<{ kind: string; authorization?: string }> = [];
    const server2 = http.createServer((req, res) => {
      const url = req.url ?? '';
      let kind = url;
      if (url.includes('info/refs')) kind = 'GET';
      else if (url.endsWith('/git-upload-pack')) kind = 'POST';
      const previous = log[log.length - 1]?.kind;
      log.push({ kind, authorization: req.headers.authorization });
      const body: Buffer[] = [];
      req.on('data', chunk => body.push(chunk));
      req.on('end', () => {
        const request = Buffer.concat(body);
        const answer =
          kind === 'POST' && previous !== 'GET' ? quick?.(request) : undefined;
        if (answer === 'hang') return;
        if (answer) {
          res.writeHead(answer.status ?? 200, {
            'content-type':
              answer.type ?? 'application/x-git-upload-pack-result',
            ...answer.headers,
          });
          const { endless } = answer;
          if (!endless) {
            res.end(answer.body);
            return;
          }
          res.write(answer.body);
          const more = () => {
            while (!res.destroyed && res.write(endless));
          };
          res.on('drain', more);
          more();
          return;
        }
        const target = new URL(server.url);
        const forward = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: url,
            method: req.method,
            headers: req.headers,
          },
          upstream => {
            res.writeHead(upstream.statusCode ?? 502, upstream.headers);
            upstream.pipe(res);
          },
        );
        forward.end(request);
      });
    });
    await new Promise<void>(r => server2.listen(0, '127.0.0.1', r));
    cleanup.push(
      () =>
        new Promise(r => {
          server2.closeAllConnections();
          server2.close(r);
        }),
    );
    const { port } = server2.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}/fleet.git`,
      log,
      kinds: () => log.map(entry => entry.kind),
    };
  };

  /** The real server's answer to `request` (a fetch by id), taken apart by the test. */
  const realAnswer = async (request: Buffer) => {
    const res = await fetch(`${server.url}/fleet.git/git-upload-pack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-git-upload-pack-request',
        authorization: `Basic ${Buffer.from('bot:pw').toString('base64')}`,
      },
      body: request,
    });
    return Buffer.from(await res.arrayBuffer());
  };

  /** An object's content as Git stores it (trees are binary). */
  const catFile = (type: string, oid: string) =>
    new Promise<Buffer>((resolve, reject) =>
      execFile(
        'git',
        ['-C', bare, 'cat-file', type, oid],
        { encoding: 'buffer' },
        (error, out) => (error ? reject(error) : resolve(out)),
      ),
    );

  /** A valid pack (checksum and all) of exactly these objects, as `git pack-objects` writes it. */
  const packOf = async (oids: string[]) => {
    const { stdout } = await new Promise<{ stdout: Buffer }>(
      (resolve, reject) => {
        const child = execFile(
          'git',
          ['-C', bare, 'pack-objects', '--stdout'],
          { encoding: 'buffer', maxBuffer: 1 << 26 },
          (error, out) => (error ? reject(error) : resolve({ stdout: out })),
        );
        child.stdin!.end(`${oids.join('\n')}\n`);
      },
    );
    return stdout;
  };

  const answerWith = (pack: Buffer): Answer => ({
    body: Buffer.concat([pktLine('NAK\n'), banded(1, pack), FLUSH]),
  });

  beforeEach(async () => {
    root = await seededFleet({
      'arlon/clusters/a.yaml': 'a\n',
      'README.md': 'fleet\n',
    });
    server = await GitHttpServer.start({
      projectRoot: root,
      credentials: creds,
    });
    bare = path.join(root, 'fleet.git');
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('asks the real server once, with no ref advertisement, and reads the commit whole', async () => {
    const { url, kinds, log } = await proxy();
    const { checkout, localHead } = await checkoutAt(url);
    const first = await checkout.fetchHead();
    const next = await commitOnServer({
      'arlon/clusters/b.yaml': 'b\n',
      'README.md': null,
    });
    log.splice(0);
    const snapshot = await checkout.fetchHead(next);
    expect(snapshot.commit).toBe(next);
    expect(snapshot.files).toEqual({
      'arlon/clusters/a.yaml': 'a\n',
      'arlon/clusters/b.yaml': 'b\n',
    });
    // One POST, answered 401 first (the server wants credentials), then again with them.
    expect(kinds()).toEqual(['POST', 'POST']);
    expect(log[1].authorization).toMatch(/^Basic /);
    expect(await localHead()).toBe(next);
    // The branch moved: the next fetch tells the server it has `next`, and
    // brings only what is newer (the real server would send it all again
    // from `first` otherwise; here: the files are right either way).
    const third = await commitOnServer({ 'arlon/clusters/c.yaml': 'c\n' });
    expect((await checkout.fetchHead(third)).files).toHaveProperty(
      ['arlon/clusters/c.yaml'],
      'c\n',
    );
    expect(await localHead()).toBe(third);
    expect(first.commit).not.toBe(next);
  });

  it('reads its own head without asking the server', async () => {
    const { url, kinds, log } = await proxy();
    const { checkout, localHead } = await checkoutAt(url);
    const head = (await checkout.fetchHead()).commit;
    log.splice(0);
    // The signal for this process's own push: the branch is already there.
    const own = await checkout.fetchHead(head);
    expect(own.commit).toBe(head);
    expect(own.files).toHaveProperty(['arlon/clusters/a.yaml'], 'a\n');
    expect(kinds()).toEqual([]);
    expect(await localHead()).toBe(head);
  });

  it('never goes back to an older head a late signal names: the branch is fetched as it is now', async () => {
    const { url, kinds, log } = await proxy();
    const { checkout, localHead } = await checkoutAt(url);
    const older = (await checkout.fetchHead()).commit;
    const newer = await commitOnServer({ 'arlon/clusters/b.yaml': 'b\n' });
    await checkout.fetchHead(newer);
    log.splice(0);
    const late = await checkout.fetchHead(older);
    expect(late.commit).toBe(newer);
    expect(late.files).toHaveProperty(['arlon/clusters/b.yaml'], 'b\n');
    // The full fetch: the ref advertisement (asked twice, the server wants credentials), then the pack.
    expect(kinds()).toEqual(['GET', 'GET', 'POST']);
    expect(await localHead()).toBe(newer);
  });

  it('fetches the branch as before when the server refuses the commit (the branch was forced elsewhere)', async () => {
    const { url, kinds, log } = await proxy();
    const { checkout, localHead } = await checkoutAt(url);
    const start = (await checkout.fetchHead()).commit;
    const gone = await commitOnServer({ 'arlon/clusters/b.yaml': 'b\n' });
    await bareGit('update-ref', 'refs/heads/main', start);
    const head = await commitOnServer({ 'arlon/clusters/c.yaml': 'c\n' });
    log.splice(0);
    const snapshot = await checkout.fetchHead(gone);
    // Upload-pack will not give a commit no ref reaches: the full fetch
    // (advertisement, then the pack) reads the branch's real head.
    expect(snapshot.commit).toBe(head);
    expect(snapshot.files).toHaveProperty(['arlon/clusters/c.yaml'], 'c\n');
    expect(snapshot.files).not.toHaveProperty(['arlon/clusters/b.yaml']);
    expect(kinds().slice(-2)).toEqual(['GET', 'POST']);
    expect(await localHead()).toBe(head);
  });

  it('says once per reason, without credentials, that the server would not give a commit by its id', async () => {
    const warnings: string[] = [];
    // A Git host that refuses the fetch by id, with a page that echoes the
    // request's credentials, then one that refuses the commit itself.
    let answer: 'error page' | 'not our ref' = 'error page';
    const { url } = await proxy(request => {
      if (answer === 'not our ref') {
        const want = /want ([0-9a-f]{40})/.exec(request.toString())![1];
        return {
          body: Buffer.concat([
            pktLine(`ERR upload-pack: not our ref ${want}`),
            FLUSH,
          ]),
        };
      }
      return {
        status: 403,
        type: 'text/plain',
        body: `forbidden for bot:pw ${Buffer.from('bot:pw').toString(
          'base64',
        )}`,
      };
    });
    const { checkout } = await checkoutAt(
      url.replace('://', '://bot:pw@'),
      30_000,
      { warn: message => warnings.push(message) },
    );
    await checkout.fetchHead();
    for (const [i, reason] of [
      'error page',
      'error page',
      'not our ref',
      'not our ref',
    ].entries()) {
      answer = reason as typeof answer;
      const next = await commitOnServer({
        [`arlon/clusters/${i}.yaml`]: 'x\n',
      });
      // Each time the full fetch read the head all the same.
      expect((await checkout.fetchHead(next)).commit).toBe(next);
    }

    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('HTTP 403');
    expect(warnings[1]).toContain('not our ref');
    for (const warning of warnings) {
      expect(warning).toContain('fetch');
      expect(warning).not.toMatch(/bot:pw|Ym90OnB3|[0-9a-f]{40}/);
    }
  });

  it('gives up, without a second try, when the server does not answer in time', async () => {
    const { url, kinds } = await proxy(() => 'hang');
    const { checkout, localHead } = await checkoutAt(url, 500);
    const start = (await checkout.fetchHead()).commit;
    const next = await commitOnServer({ 'arlon/clusters/b.yaml': 'b\n' });
    await expect(checkout.fetchHead(next)).rejects.toMatchObject({
      name: 'GitTimeoutError',
    });
    expect(kinds().slice(-1)).toEqual(['POST']);
    expect(await localHead()).toBe(start);
  });

  it('sends its credentials to no other origin the server redirects to, asked or in the URL', async () => {
    const seen: Array<string | undefined> = [];
    const elsewhere = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' });
      res.end();
    });
    await new Promise<void>(r => elsewhere.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise(r => elsewhere.close(r)));
    const { port } = elsewhere.address() as { port: number };
    for (const withUrlCredentials of [false, true]) {
      const { url } = await proxy(() => ({
        status: 307,
        headers: {
          location: `http://127.0.0.1:${port}/fleet.git/git-upload-pack`,
        },
        body: '',
      }));
      const { checkout } = await checkoutAt(
        withUrlCredentials
          ? url.replace('://', `://${creds.username}:${creds.password}@`)
          : url,
      );
      await checkout.fetchHead();
      const next = await commitOnServer({
        [`arlon/clusters/${withUrlCredentials}.yaml`]: 'x\n',
      });
      // The fetch by id was redirected elsewhere; the full fetch after it
      // read the head.
      expect((await checkout.fetchHead(next)).commit).toBe(next);
    }
    // The redirect off the origin is not followed (gitRedirects): nothing,
    // credentials or not, went to the other server.
    expect(seen).toEqual([]);
  });

  describe('against a server whose answer is wrong', () => {
    /** The fetch by id tried, then the branch fetched in full (the advertisement asked twice: the server wants credentials). */
    const FETCHED_AGAIN = ['POST', 'GET', 'GET', 'POST'];
    /**
     * Clones through a proxy whose answer to the fetch by id is `answer`
     * (given the real server's answer to the same request), then fetches a
     * new commit by its id: the snapshot must be the commit's whatever the
     * answer was (the full fetch takes over), and the clone stays usable.
     */
    const attempt = async (
      answer: (context: {
        request: Buffer;
        real: Buffer;
        start: string;
        next: string;
      }) => Promise<Answer>,
    ) => {
      let scripted: Answer | undefined;
      const { url, kinds, log } = await proxy(() => scripted);
      const { checkout, localHead, packs } = await checkoutAt(url);
      const start = (await checkout.fetchHead()).commit;
      const next = await commitOnServer({
        'arlon/clusters/a.yaml': 'a2\n',
        'arlon/clusters/b.yaml': 'b\n',
      });
      const request = Buffer.concat([
        pktLine(`want ${next} side-band-64k ofs-delta no-progress\n`),
        FLUSH,
        pktLine(`have ${start}\n`),
        pktLine('done\n'),
      ]);
      scripted = await answer({
        request,
        real: await realAnswer(request),
        start,
        next,
      });
      const packsBefore = await packs();
      log.splice(0);
      const snapshot = await checkout.fetchHead(next);
      expect(snapshot.commit).toBe(next);
      expect(snapshot.files).toEqual({
        'arlon/clusters/a.yaml': 'a2\n',
        'arlon/clusters/b.yaml': 'b\n',
        'README.md': 'fleet\n',
      });
      expect(await localHead()).toBe(next);
      const requests = kinds();
      // And the clone goes on: a later commit by id, through the same proxy
      // (now forwarding), reads whole.
      scripted = undefined;
      const later = await commitOnServer({ 'arlon/clusters/c.yaml': 'c\n' });
      expect((await checkout.fetchHead(later)).files).toHaveProperty(
        ['arlon/clusters/c.yaml'],
        'c\n',
      );
      return { packsBefore, packs, requests };
    };

    it.each<
      [
        string,
        (c: {
          real: Buffer;
          start: string;
          next: string;
        }) => Promise<Answer> | Answer,
      ]
    >([
      [
        'an ERR line',
        () => ({ body: pktLine('ERR upload-pack: not our ref\n') }),
      ],
      ['HTTP 500', () => ({ status: 500, type: 'text/plain', body: 'oops' })],
      ['HTTP 403', () => ({ status: 403, type: 'text/plain', body: 'no' })],
      ['an HTML page', ({ real }) => ({ type: 'text/html', body: real })],
      ['garbage', () => ({ body: 'zzzz not a pkt-line' })],
      ['no acknowledgement', ({ real }) => ({ body: real.subarray(8) })],
      [
        'a cut-short answer',
        ({ real }) => ({ body: real.subarray(0, real.length - 30) }),
      ],
      [
        'no flush at the end',
        ({ real }) => ({ body: real.subarray(0, real.length - 4) }),
      ],
      [
        'side-band 3',
        () => ({
          body: Buffer.concat([
            pktLine('NAK\n'),
            banded(3, Buffer.from('disk full')),
            FLUSH,
          ]),
        }),
      ],
      [
        'side-band 5',
        ({ real }) => {
          const body = Buffer.from(real);
          body[12] = 5; // the first band byte after "0008NAK\n" and a length
          return { body };
        },
      ],
      ['no pack', () => ({ body: Buffer.concat([pktLine('NAK\n'), FLUSH]) })],
      [
        'a pack of another commit',
        async ({ start }) => answerWith(await packOf([start])),
      ],
      [
        'the commit without its trees and blobs',
        async ({ next }) => answerWith(await packOf([next])),
      ],
      [
        'the commit and its root tree, not the folder',
        async ({ next }) =>
          answerWith(
            await packOf([next, await bareGit('rev-parse', `${next}^{tree}`)]),
          ),
      ],
    ])('%s', async (_, answer) => {
      const { requests } = await attempt(async context => answer(context));
      expect(requests).toEqual(FETCHED_AGAIN);
    });

    it('a pack whose checksum does not match is not written into the clone', async () => {
      let trailer = '';
      const { packsBefore, packs, requests } = await attempt(
        async ({ next, start }) => {
          const pack = await packOf([next, start]);
          pack[pack.length - 1] ^= 0xff;
          trailer = pack.toString('hex', pack.length - 20);
          return answerWith(pack);
        },
      );
      expect(requests).toEqual(FETCHED_AGAIN);
      expect(trailer).not.toBe('');
      expect(packsBefore.some(name => name.includes(trailer))).toBe(false);
      expect((await packs()).some(name => name.includes(trailer))).toBe(false);
    });

    it('a content type in capitals with parameters is still the result (as git reads it): no second fetch', async () => {
      const { requests } = await attempt(async ({ real }) => ({
        type: 'Application/X-Git-Upload-Pack-Result; charset=utf-8',
        body: real,
      }));
      expect(requests).toEqual(['POST']);
    });

    it('an answer that never ends is let go at 256 MiB, before the deadline', async () => {
      const { requests } = await attempt(async () => ({
        body: pktLine('NAK\n'),
        endless: banded(1, Buffer.alloc(1 << 20, 'x')),
      }));
      expect(requests).toEqual(FETCHED_AGAIN);
    });

    it('a pack that inflates past 1 GiB (a delta copying its base over and over) is refused before it is indexed or written', async () => {
      // A 64 KiB blob, then an ofs-delta on it whose every byte 0x80 copies
      // the whole blob: 16,385 bytes (a few hundred deflated) make 1 GiB.
      const bomb = packBomb();
      const trailer = bomb.toString('hex', bomb.length - 20);
      const { packs, requests } = await attempt(async () => answerWith(bomb));
      expect(requests).toEqual(FETCHED_AGAIN);
      expect((await packs()).some(name => name.includes(trailer))).toBe(false);
    });

    it('an object whose bytes do not hash to its id is never read as that id', async () => {
      // The commit's objects, with a.yaml's blob holding other bytes: the
      // index names it by the hash of what came, so the commit's a.yaml
      // is missing, and the full fetch brings the real one.
      const { requests } = await attempt(async ({ next }) => {
        const objects: GitObject[] = [];
        for (const [type, spec] of [
          ['commit', next],
          ['tree', `${next}^{tree}`],
          ['tree', `${next}:arlon`],
          ['tree', `${next}:arlon/clusters`],
          ['blob', `${next}:arlon/clusters/b.yaml`],
          ['blob', `${next}:README.md`],
        ] as const) {
          const oid = await bareGit('rev-parse', spec);
          objects.push({ type, oid, content: await catFile(type, oid) });
        }
        const forged = await bareGit(
          'rev-parse',
          `${next}:arlon/clusters/a.yaml`,
        );
        objects.push({
          type: 'blob',
          oid: forged,
          content: Buffer.from('a3\n'),
        });
        return answerWith(packfile(objects));
      });
      expect(requests).toEqual(FETCHED_AGAIN);
    });
  });
});
