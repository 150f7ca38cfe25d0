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
import { pktLine } from './receivePackProtocol';
import { seededFleet } from './__testUtils__/seededFleet';
import { forwardRequest } from './__testUtils__/forwardRequest';

const run = promisify(execFile);
const author = { name: 'Jane Platform', email: 'jane@example.com' };
const creds = { username: 'bot', password: 'pw' };

/** A scripted answer to one of the push's two requests. */
interface Answer {
  status?: number;
  type?: string;
  headers?: Record<string, string>;
  body: Buffer | string;
}

/**
 * The push (a commit's new objects over receive-pack) against the sandbox's
 * real `git http-backend`, and against a server whose answers to the push
 * are wrong in every way the protocol allows: the local branch moves only
 * when the server took the commit.
 */
describe('FleetCheckout pushes only the objects its commit added', () => {
  let root: string;
  let server: GitHttpServer;
  let bare: string;
  const cleanup: Array<() => Promise<unknown>> = [];

  const bareGit = async (...args: string[]) =>
    (await run('git', ['-C', bare, ...args])).stdout.trim();

  const checkoutAt = async (url: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    return {
      dir,
      checkout: new FleetCheckout(dir, url, 'main', async () => creds),
      localHead: (branch = 'main') =>
        git.resolveRef({ fs: nodeFs, dir, ref: branch }),
    };
  };

  /**
   * A proxy to the real server; `script` may answer the push's GET
   * (info/refs of git-receive-pack) or its POST itself.
   */
  const hostile = async (script: {
    advertisement?: () => Answer;
    report?: () => Answer;
    /** Runs before the push's POST is forwarded (the request held meanwhile). */
    beforeReport?: () => Promise<void>;
    /** The content type the real server's advertisement is forwarded with. */
    advertisementType?: string;
  }) => {
    const proxy = http.createServer(async (req, res) => {
      const url = req.url ?? '';
      let answer: Answer | undefined;
      if (url.includes('info/refs?service=git-receive-pack'))
        answer = script.advertisement?.();
      else if (url.endsWith('/git-receive-pack')) answer = script.report?.();
      if (answer) {
        req.resume();
        req.on('end', () => {
          res.writeHead(answer.status ?? 200, {
            'content-type':
              answer.type ?? 'application/x-git-receive-pack-result',
            ...answer.headers,
          });
          res.end(answer.body);
        });
        return;
      }
      if (url.endsWith('/git-receive-pack')) await script.beforeReport?.();
      forwardRequest(req, res, server.url, {
        onAnswer: upstream => {
          if (url.includes('info/refs') && script.advertisementType)
            upstream.headers['content-type'] = script.advertisementType;
        },
      });
    });
    await new Promise<void>(r => proxy.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise(r => proxy.close(r)));
    const { port } = proxy.address() as { port: number };
    return `http://127.0.0.1:${port}/fleet.git`;
  };

  beforeEach(async () => {
    root = await seededFleet({
      'arlon/bundles/a.yaml': 'a\n',
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

  it('lands a commit Git reads whole: fsck --strict finds every object, the files are there', async () => {
    const { checkout, localHead } = await checkoutAt(`${server.url}/fleet.git`);
    const { commit: parent } = await checkout.fetchHead();
    const result = await checkout.commitAndPush(
      parent,
      {
        'generated/values/c1/apps.yaml': 'one: 1\n',
        'generated/values/c2/apps.yaml': 'one: 1\n', // the same blob twice
        'arlon/bundles/a.yaml': 'a2\n',
        'README.md': null,
      },
      'Write three, delete one',
      author,
    );
    expect(result.pushed).toBe(true);
    expect(await bareGit('rev-parse', 'main')).toBe(result.commit);
    expect(await bareGit('rev-parse', 'main^')).toBe(parent);
    await bareGit('fsck', '--strict', '--no-dangling');
    expect(
      await bareGit('cat-file', '-p', 'main:generated/values/c2/apps.yaml'),
    ).toBe('one: 1');
    expect(await bareGit('cat-file', '-p', 'main:arlon/bundles/a.yaml')).toBe(
      'a2',
    );
    await expect(bareGit('cat-file', '-e', 'main:README.md')).rejects.toThrow();
    expect(await localHead()).toBe(result.commit);
    // A second commit on top of the first: its parent is on the server now.
    const next = await checkout.commitAndPush(
      result.commit,
      { 'arlon/bundles/b.yaml': 'b\n' },
      'Add b',
      author,
    );
    expect(next.pushed).toBe(true);
    await bareGit('fsck', '--strict', '--no-dangling');
    expect(await bareGit('rev-parse', 'main')).toBe(next.commit);
  });

  it('lands a commit whose tree Git already has (a change undone), and one that changes nothing', async () => {
    const { checkout } = await checkoutAt(`${server.url}/fleet.git`);
    const { commit: first } = await checkout.fetchHead();
    const changed = await checkout.commitAndPush(
      first,
      { 'arlon/bundles/a.yaml': 'changed\n' },
      'Change a',
      author,
    );
    const undone = await checkout.commitAndPush(
      changed.commit,
      { 'arlon/bundles/a.yaml': 'a\n' },
      'Undo',
      author,
    );
    expect(undone.pushed).toBe(true);
    expect(await bareGit('rev-parse', 'main^{tree}')).toBe(
      await bareGit('rev-parse', `${first}^{tree}`),
    );
    const empty = await checkout.commitAndPush(
      undone.commit,
      {},
      'Nothing',
      author,
    );
    expect(empty.pushed).toBe(true);
    expect(await bareGit('rev-parse', 'main')).toBe(empty.commit);
    expect(await bareGit('rev-parse', 'main^{tree}')).toBe(
      await bareGit('rev-parse', `${first}^{tree}`),
    );
    await bareGit('fsck', '--strict', '--no-dangling');
  });

  it('creates a new branch off the head', async () => {
    const { checkout, localHead } = await checkoutAt(`${server.url}/fleet.git`);
    const { commit: parent } = await checkout.fetchHead();
    const result = await checkout.commitAndPush(
      parent,
      { 'arlon/bundles/b.yaml': 'b\n' },
      'Propose b',
      author,
      'arlon/propose-b',
    );
    expect(result.pushed).toBe(true);
    expect(await bareGit('rev-parse', 'arlon/propose-b')).toBe(result.commit);
    expect(await bareGit('rev-parse', 'main')).toBe(parent);
    expect(await localHead('arlon/propose-b')).toBe(result.commit);
    await bareGit('fsck', '--strict', '--no-dangling');
  });

  it('fails, moving nothing, a new branch off a parent the server never had (a commit an overtaken push left local)', async () => {
    const url = `${server.url}/fleet.git`;
    const { checkout, localHead } = await checkoutAt(url);
    const { commit: head } = await checkout.fetchHead();
    await pushByHand(
      url.replace('://', `://${creds.username}:${creds.password}@`),
      { 'rival.yaml': 'r\n' },
      'rival',
    );
    const local = await checkout.commitAndPush(
      head,
      { 'generated/values/c1/apps.yaml': 'only here\n' },
      'Overtaken',
      author,
    );
    expect(local.pushed).toBe(false);

    // Only what this commit added goes; the parent and its new folder
    // never reached the server, whose receive-pack must refuse the ref.
    await expect(
      checkout.commitAndPush(
        local.commit,
        { 'arlon/bundles/b.yaml': 'b\n' },
        'Propose b',
        author,
        'arlon/propose-b',
      ),
    ).rejects.toThrow(/missing necessary objects|unpack/);
    await expect(
      bareGit('rev-parse', '--verify', 'refs/heads/arlon/propose-b'),
    ).rejects.toThrow();
    await expect(localHead('arlon/propose-b')).rejects.toThrow();
    expect(await localHead()).toBe(head);
  });

  it('is overtaken, sending nothing and leaving its branch, when someone else pushed first', async () => {
    const url = `${server.url}/fleet.git`;
    const { checkout, localHead } = await checkoutAt(url);
    const { commit: parent } = await checkout.fetchHead();
    await pushByHand(
      url.replace('://', `://${creds.username}:${creds.password}@`),
      { 'rival.yaml': 'r\n' },
      'rival',
    );
    const rival = await bareGit('rev-parse', 'main');
    const objects = await bareGit('count-objects', '-v');
    const result = await checkout.commitAndPush(
      parent,
      { 'arlon/bundles/b.yaml': 'b\n' },
      'Add b',
      author,
    );
    expect(result.pushed).toBe(false);
    expect(await bareGit('rev-parse', 'main')).toBe(rival);
    expect(await bareGit('count-objects', '-v')).toBe(objects);
    expect(await localHead()).toBe(parent);
  });

  it('is overtaken, leaving both branches, when someone else pushes between its advertisement and its pack', async () => {
    const direct = `${server.url}/fleet.git`;
    let rival = '';
    const url = await hostile({
      beforeReport: async () => {
        await pushByHand(
          direct.replace('://', `://${creds.username}:${creds.password}@`),
          { 'rival.yaml': 'r\n' },
          'rival',
        );
        rival = await bareGit('rev-parse', 'main');
      },
    });
    const { checkout, localHead } = await checkoutAt(url);
    const { commit: parent } = await checkout.fetchHead();
    const result = await checkout.commitAndPush(
      parent,
      { 'arlon/bundles/b.yaml': 'b\n' },
      'Add b',
      author,
    );
    expect(result.pushed).toBe(false);
    expect(rival).not.toBe('');
    expect(await bareGit('rev-parse', 'main')).toBe(rival);
    expect(await localHead()).toBe(parent);
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
    const url = await hostile({
      advertisement: () => ({
        status: 302,
        headers: { location: `http://127.0.0.1:${port}/fleet.git/info/refs` },
        body: '',
      }),
    });
    for (const withUrlCredentials of [false, true]) {
      const { checkout, localHead } = await checkoutAt(
        withUrlCredentials
          ? url.replace('://', `://${creds.username}:${creds.password}@`)
          : url,
      );
      const { commit: parent } = await checkout.fetchHead();
      await expect(
        checkout.commitAndPush(parent, { 'b.yaml': 'b\n' }, 'Add b', author),
      ).rejects.toMatchObject({ name: 'GitRedirectError' });
      expect(await localHead()).toBe(parent);
    }
    // The redirect off the origin is not followed (gitRedirects): no request,
    // with the URL's credentials or without, went to the other server.
    expect(seen).toEqual([]);
  });

  describe('against a server whose answers are wrong', () => {
    const attempt = async (script: Parameters<typeof hostile>[0]) => {
      const { checkout, localHead } = await checkoutAt(await hostile(script));
      const { commit: parent } = await checkout.fetchHead();
      const outcome = await checkout
        .commitAndPush(
          parent,
          { 'arlon/bundles/b.yaml': 'b\n' },
          'Add b',
          author,
        )
        .then(
          value => ({ value, error: undefined as any }),
          error => ({ value: undefined, error }),
        );
      // Whatever the answer, the clone's branch stays where it was.
      expect(await localHead()).toBe(parent);
      return outcome;
    };
    const sideBand = (...lines: string[]) =>
      Buffer.concat([
        ...lines.map(l =>
          pktLine(Buffer.concat([Buffer.from([1]), pktLine(l)])),
        ),
        pktLine(Buffer.concat([Buffer.from([1]), Buffer.from('0000')])),
        Buffer.from('0000'),
      ]);

    it('refuses an update the server reports as ng, with its reason', async () => {
      const { error } = await attempt({
        report: () => ({
          body: sideBand(
            'unpack ok\n',
            'ng refs/heads/main pre-receive hook declined\n',
          ),
        }),
      });
      expect(error).toMatchObject({ code: 'GitPushError' });
      expect(error.message).toContain(
        'refs/heads/main: pre-receive hook declined',
      );
    });

    it('refuses a pack the server could not unpack', async () => {
      const { error } = await attempt({
        report: () => ({
          body: sideBand(
            'unpack index-pack abnormal exit\n',
            'ng refs/heads/main unpacker error\n',
          ),
        }),
      });
      expect(error).toMatchObject({ code: 'GitPushError' });
      expect(error.message).toContain('unpack: index-pack abnormal exit');
    });

    it('says the server failed on side-band 3', async () => {
      const { error } = await attempt({
        report: () => ({
          body: Buffer.concat([
            pktLine(
              Buffer.concat([Buffer.from([3]), Buffer.from('disk full\n')]),
            ),
            Buffer.from('0000'),
          ]),
        }),
      });
      expect(error.message).toContain('the server failed the push: disk full');
    });

    it.each([
      ['a truncated pkt-line', Buffer.from('00ff\x01unpack ok')],
      ['a length that is not hex', Buffer.from('zzzz')],
      ['a length under 4', Buffer.from('0003')],
      [
        'a report without its closing flush',
        pktLine(
          Buffer.concat([
            Buffer.from([1]),
            pktLine('unpack ok\n'),
            pktLine('ok refs/heads/main\n'),
            Buffer.from('0000'),
          ]),
        ),
      ],
      ['garbage', Buffer.from('<html>Bad gateway</html>')],
      ['nothing', Buffer.alloc(0)],
    ])('refuses %s in the report as not Git', async (_, body) => {
      const { error } = await attempt({ report: () => ({ body }) });
      expect(error.name).toBe('GitProtocolError');
      expect(error.message).toMatch(
        /^The Git server's answer to a push is not Git's protocol/,
      );
    });

    it('stops reading a report past its cap (4 MiB), whatever it holds', async () => {
      const { error } = await attempt({
        report: () => ({ body: Buffer.alloc(5 * 1024 * 1024, '0') }),
      });
      expect(error.name).toBe('GitProtocolError');
      expect(error.message).toContain(
        'the push report is larger than 4194304 bytes',
      );
    });

    it('refuses a report that does not mention the ref', async () => {
      const { error } = await attempt({
        report: () => ({ body: sideBand('unpack ok\n') }),
      });
      expect(error).toMatchObject({ code: 'GitPushError' });
      expect(error.message).toContain('not in the server’s report');
    });

    it.each([401, 403, 500])(
      'fails on HTTP %i to the pack, naming it',
      async status => {
        const { error } = await attempt({
          report: () => ({ status, type: 'text/plain', body: 'no' }),
        });
        expect(error).toMatchObject({ code: 'HttpError' });
        expect(error.message).toContain(`HTTP Error: ${status}`);
      },
    );

    it.each([401, 403, 500])(
      'fails on HTTP %i to the ref advertisement',
      async status => {
        const { error } = await attempt({
          advertisement: () => ({ status, type: 'text/plain', body: 'no' }),
        });
        expect(error).toMatchObject({ code: 'HttpError' });
        expect(error.message).toContain(`HTTP Error: ${status}`);
      },
    );

    it('refuses an advertisement that is a web page', async () => {
      const { error } = await attempt({
        advertisement: () => ({
          type: 'text/html',
          body: '<html>login</html>',
        }),
      });
      expect(error.message).toContain('is this a smart Git HTTP server?');
    });

    it('reads an advertisement whose content type is in capitals with parameters, as git does', async () => {
      const { checkout } = await checkoutAt(
        await hostile({
          advertisementType:
            'Application/X-Git-Receive-Pack-Advertisement; charset=utf-8',
        }),
      );
      const { commit: parent } = await checkout.fetchHead();
      const result = await checkout.commitAndPush(
        parent,
        { 'arlon/bundles/b.yaml': 'b\n' },
        'Add b',
        author,
      );
      expect(result.pushed).toBe(true);
      expect(await bareGit('rev-parse', 'main')).toBe(result.commit);
    });

    it('refuses an advertisement whose ref line is not one', async () => {
      const { error } = await attempt({
        advertisement: () => ({
          type: 'application/x-git-receive-pack-advertisement',
          body: Buffer.concat([
            pktLine('# service=git-receive-pack\n'),
            Buffer.from('0000'),
            pktLine('not-an-oid refs/heads/main\0report-status\n'),
            Buffer.from('0000'),
          ]),
        }),
      });
      expect(error.name).toBe('GitProtocolError');
      expect(error.message).toContain('is not a ref line');
    });
  });
});
