import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  GitHttpServer,
  HungServer,
  eventually,
} from '@arlon-backstage/arlon-sandbox';
import { seededFleet } from './__testUtils__/seededFleet';
import { forwardRequest } from './__testUtils__/forwardRequest';
import { FleetRepository } from './FleetRepository';

const run = promisify(execFile);
const author = { name: 'Mallory', email: 'mallory@example.com' };
const TIMEOUT_MS = 500;
/** Loose: the point is that it ends, not how fast. */
const GENEROUS = 10 * TIMEOUT_MS + 5_000;

/**
 * A Git server that stops answering must not hang the portal: every Git
 * request has a deadline, and reads do not wait behind a stuck write.
 */
describe('FleetRepository against a hung Git server', () => {
  let root: string;
  let git: GitHttpServer;
  const cleanup: Array<() => Promise<unknown>> = [];

  const remoteHead = async () =>
    (
      await run('git', [
        '-C',
        path.join(root, 'fleet.git'),
        'rev-parse',
        'main',
      ])
    ).stdout.trim();

  const repoAt = async (url: string, gitTimeoutMs = TIMEOUT_MS) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    /** What the change signal hears of pushes, in order. */
    const heard: string[] = [];
    const repo = new FleetRepository(
      { url, branch: 'main', writeMode: 'commit' },
      async () => undefined,
      dir,
      undefined,
      {
        gitTimeoutMs,
        onCommit: () => void heard.push('commit'),
        onPushing: () => {
          heard.push('pushing');
          return () => void heard.push('ended');
        },
      },
    );
    return { repo, dir, heard };
  };

  /** A proxy to the real server that holds the requests `hang` picks while it is on. */
  const proxy = async (hang: (url: string) => boolean) => {
    const state = { on: false };
    const server = await HungServer.start({
      forwardTo: git.url,
      hangs: req => state.on && hang(req.url ?? ''),
    });
    cleanup.push(() => server.stop());
    return { server, state, url: `${server.url}/fleet.git` };
  };

  const timed = async <T>(work: Promise<T>) => {
    const started = Date.now();
    const outcome = await work.then(
      value => ({ value, error: undefined as any }),
      error => ({ value: undefined, error }),
    );
    return { ...outcome, ms: Date.now() - started };
  };

  beforeEach(async () => {
    root = await seededFleet();
    git = await GitHttpServer.start({ projectRoot: root });
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    await git.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('gives up on a clone from a server that accepts and never answers, with a 503 that says what to check, and closes the connection', async () => {
    const hung = await HungServer.start();
    cleanup.push(() => hung.stop());
    const { repo, dir } = await repoAt(`${hung.url}/fleet.git`);

    const { error, ms } = await timed(repo.read());

    expect(error?.name).toBe('ServiceUnavailableError');
    expect(error.message).toBe(
      `The fleet repository at ${hung.url}/fleet.git did not answer within 0.5 s (git fetch); nothing was changed. Check that the Git server is up and reachable from the Backstage backend; arlon.limits.gitTimeoutSeconds sets the limit.`,
    );
    expect(ms).toBeLessThan(GENEROUS);
    // The request was aborted, not abandoned with its socket open.
    await eventually(() => hung.accepted > 0 && hung.open === 0, 'closed');
    // No half-made clone left for the next read to trip over.
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('gives up on a fetch when the server stops answering after the clone, and reads again once it answers', async () => {
    const { state, url } = await proxy(u => u.includes('git-upload-pack'));
    const { repo } = await repoAt(url);
    const first = await repo.read();

    state.on = true;
    const { error, ms } = await timed(repo.read());
    expect(error?.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain('did not answer within 0.5 s (git fetch)');
    expect(ms).toBeLessThan(GENEROUS);

    state.on = false;
    expect((await repo.read()).commit).toBe(first.commit);
  });

  it('gives up on a push the server never answers, says the commit may have landed, and pushes nothing', async () => {
    const { state, url, server } = await proxy(u =>
      u.includes('git-receive-pack'),
    );
    const { repo, heard } = await repoAt(url);
    const before = await remoteHead();
    state.on = true;

    const { error, ms } = await timed(
      repo.change({
        message: 'Add bundle b',
        author,
        plan: () => ({ 'arlon/bundles/b.yaml': 'b\n' }),
      }),
    );

    expect(error?.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain(
      'did not answer within 0.5 s (git push); the commit may or may not have reached it: reload before trying again',
    );
    expect(ms).toBeLessThan(GENEROUS);
    expect(server.held.some(r => r.includes('git-receive-pack'))).toBe(true);
    expect(await remoteHead()).toBe(before);
    // The change signal is not left waiting for a push that failed.
    expect(heard).toEqual(['pushing', 'ended']);

    // The lock is free again: the next write goes through.
    state.on = false;
    const next = await repo.change({
      message: 'Add bundle c',
      author,
      plan: () => ({ 'arlon/bundles/c.yaml': 'c\n' }),
    });
    expect(next.commit).toBe(await remoteHead());
    // Announced before the push ends, so the signal never takes it for another's.
    expect(heard).toEqual(['pushing', 'ended', 'pushing', 'commit', 'ended']);
  });

  it('answers a read from the last snapshot while a write is stuck on a hung push', async () => {
    const { state, url } = await proxy(u => u.includes('git-receive-pack'));
    // The push gives up after 3 s, not 0.5: on a loaded machine the read
    // could otherwise come after it, and prove nothing.
    const { repo } = await repoAt(url, 3_000);
    const before = await repo.read();
    state.on = true;

    let writeSettled = false;
    const write = repo
      .change({
        message: 'Add bundle b',
        author,
        plan: () => ({ 'arlon/bundles/b.yaml': 'b\n' }),
      })
      .finally(() => {
        writeSettled = true;
      });
    write.catch(() => undefined);
    // Let the write take the lock and reach its push.
    await eventually(async () => {
      await new Promise(r => setTimeout(r, 20));
      return true;
    }, 'a moment');

    const read = await repo.read();
    expect(writeSettled).toBe(false);
    expect(read.commit).toBe(before.commit);
    expect(read.files['arlon/bundles/b.yaml']).toBeUndefined();

    await expect(write).rejects.toThrow(/git push/);
  });

  it('reads the commit a write just made while the next write is still under way', async () => {
    const { state, url } = await proxy(u => u.includes('git-receive-pack'));
    const { repo } = await repoAt(url);
    const made = await repo.change({
      message: 'Add bundle b',
      author,
      plan: () => ({ 'arlon/bundles/b.yaml': 'b\n' }),
    });
    state.on = true;
    const stuck = repo.change({
      message: 'Add bundle c',
      author,
      plan: () => ({ 'arlon/bundles/c.yaml': 'c\n' }),
    });
    stuck.catch(() => undefined);

    const read = await repo.read();
    expect(read.commit).toBe(made.commit);
    expect(read.files['arlon/bundles/b.yaml']).toBe('b\n');
    await expect(stuck).rejects.toThrow(/git push/);
  });

  it('waits for a Git server silent for longer than Node’s default socket timeout (5 s), up to its own deadline', async () => {
    // Git servers may say nothing for a while: receive-pack checks the pack
    // and runs hooks before it reports, and its keepalive comes every 5 s.
    let quiet = 0;
    const silent = http.createServer((req, res) => {
      // The clone's pack request, the first POST, is answered after 6 s.
      const delayMs = req.method === 'POST' && quiet++ === 0 ? 6_000 : 0;
      forwardRequest(req, res, git.url, { delayMs });
    });
    await new Promise<void>(r => silent.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise(r => silent.close(r)));
    const { port } = silent.address() as AddressInfo;
    const { repo } = await repoAt(`http://127.0.0.1:${port}/fleet.git`, 20_000);

    const read = await repo.read();

    expect(read.commit).toBe(await remoteHead());
    expect(quiet).toBeGreaterThan(0);
  }, 60_000);

  it('shares one fetch between reads that arrive together, so a hung server costs them one timeout, not one each', async () => {
    const hung = await HungServer.start();
    cleanup.push(() => hung.stop());
    const { repo } = await repoAt(`${hung.url}/fleet.git`);

    const { ms, value } = await timed(
      Promise.allSettled([repo.read(), repo.read(), repo.read(), repo.read()]),
    );

    expect(value!.every(r => r.status === 'rejected')).toBe(true);
    expect(hung.accepted).toBe(1);
    expect(ms).toBeLessThan(GENEROUS);
  });
});
