import { execFile } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GitHttpServer } from '@arlon-backstage/arlon-sandbox';
import { seededFleet } from './__testUtils__/seededFleet';
import { forwardRequest } from './__testUtils__/forwardRequest';
import { FleetCheckout } from './FleetCheckout';
import { FLUSH, pktLine } from './receivePackProtocol';
import { timedGitHttp } from './timedGitHttp';
import { packBomb } from './__testUtils__/packBomb';
import { pushByHand } from '../regenerate/__testUtils__/gitLog';

const run = promisify(execFile);

const creds = { username: 'bot', password: 'pw' };

/**
 * isomorphic-git's own clone and fetch (the first read, and the fallback of
 * the fetch by id) take a pack from the server and index it: a pack bomb
 * must be refused there too, before it is written or indexed.
 */
describe('FleetCheckout’s full fetch against a pack bomb', () => {
  let root: string;
  let git: GitHttpServer;
  const cleanup: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    root = await seededFleet();
    git = await GitHttpServer.start({ projectRoot: root, credentials: creds });
  });
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map(stop => stop()));
  });
  afterAll(async () => {
    await git.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  /** A checkout of the fleet through `server` (listening once this returns), closed and removed after the test. */
  const checkoutThrough = async (server: http.Server, timeoutMs: number) => {
    await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
    cleanup.push(
      () =>
        new Promise(r => {
          server.closeAllConnections();
          server.close(r);
        }),
    );
    const { port } = server.address() as { port: number };
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const checkout = new FleetCheckout(
      dir,
      `http://127.0.0.1:${port}/fleet.git`,
      'main',
      async () => creds,
      timedGitHttp(timeoutMs),
    );
    return { dir, checkout };
  };

  /**
   * A proxy to the real server that answers isomorphic-git's POST for the
   * pack with the bomb while `state.bomb` is on, framed as upload-pack
   * frames a pack; and a checkout through it.
   */
  const bombing = async () => {
    const bomb = packBomb();
    const state = { bomb: false };
    // The real server's ref advertisement; the pack in answer to the POST
    // is the bomb, framed as upload-pack frames it.
    const server = http.createServer((req, res) => {
      if (req.method === 'POST' && state.bomb) {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, {
            'content-type': 'application/x-git-upload-pack-result',
          });
          res.end(
            Buffer.concat([
              pktLine('NAK\n'),
              pktLine(Buffer.concat([Buffer.from([1]), bomb])),
              FLUSH,
            ]),
          );
        });
        return;
      }
      forwardRequest(req, res, git.url);
    });
    const { dir, checkout } = await checkoutThrough(server, 30_000);

    const bombPacks = async () => {
      const names = await fs
        .readdir(path.join(dir, '.git/objects/pack'))
        .catch(() => [] as string[]);
      const trailer = bomb.toString('hex', bomb.length - 20);
      return names.filter(name => name.includes(trailer));
    };
    return { checkout, state, bombPacks };
  };

  const REFUSED = /inflates to more than 1073741824 bytes/;

  it('refuses, in the clone, a pack that inflates past 1 GiB before it is written or indexed', async () => {
    const { checkout, state, bombPacks } = await bombing();
    state.bomb = true;

    await expect(checkout.fetchHead()).rejects.toThrow(REFUSED);
    expect(await bombPacks()).toEqual([]);
  });

  it('refuses it in the full fetch a refused fetch by id falls back to', async () => {
    const { checkout, state, bombPacks } = await bombing();
    const start = await checkout.fetchHead();
    await pushByHand(
      path.join(root, 'fleet.git'),
      { 'arlon/bundles/b.yaml': 'b\n' },
      'By hand',
    );
    const next = (
      await run('git', [
        '-C',
        path.join(root, 'fleet.git'),
        'rev-parse',
        'main',
      ])
    ).stdout.trim();
    state.bomb = true;

    // The fetch by id refuses the bomb itself (fetchCommit), the full fetch
    // after it by packBoundFs.
    await expect(checkout.fetchHead(next)).rejects.toThrow(REFUSED);
    expect(await bombPacks()).toEqual([]);
    state.bomb = false;
    expect((await checkout.fetchHead(next)).commit).toBe(next);
    expect(next).not.toBe(start.commit);
  });

  it('lets go of an answer that never ends at 256 MiB, before the deadline', async () => {
    let written = 0;
    let letGo: () => void = () => undefined;
    const closed = new Promise<void>(resolve => {
      letGo = resolve;
    });
    const chunk = pktLine(
      Buffer.concat([Buffer.from([1]), Buffer.alloc(65000, 'x')]),
    );
    const server = http.createServer((req, res) => {
      if (req.method !== 'POST') {
        forwardRequest(req, res, git.url);
        return;
      }
      req.resume();
      res.writeHead(200, {
        'content-type': 'application/x-git-upload-pack-result',
      });
      res.write(pktLine('NAK\n'));
      res.on('close', () => letGo());
      const more = () => {
        while (!res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return;
        }
      };
      res.on('drain', more);
      more();
    });
    // Far longer than the test: the bound, not the deadline, ends it.
    const { checkout } = await checkoutThrough(server, 600_000);

    await expect(checkout.fetchHead()).rejects.toMatchObject({
      name: 'GitAnswerTooLargeError',
    });
    // The connection was let go (else this waits until the test fails).
    await closed;
    expect(written).toBeLessThan(300 * 2 ** 20);
  }, 120_000);
});
