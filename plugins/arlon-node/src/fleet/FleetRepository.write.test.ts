import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GitHttpServer } from '@arlon-backstage/arlon-sandbox';
import git from 'isomorphic-git';
import { FleetRepository } from './FleetRepository';
import { pushByHand } from '../regenerate/__testUtils__/gitLog';
import { seededFleet } from './__testUtils__/seededFleet';

const run = promisify(execFile);
const author = { name: 'Jane Platform', email: 'jane@example.com' };

describe('FleetRepository reads and writes', () => {
  let root: string;
  let server: GitHttpServer;
  let url: string;
  const workDirs: string[] = [];

  const repo = async (credentials?: { username: string; password: string }) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    workDirs.push(dir);
    return new FleetRepository(
      { url, branch: 'main', writeMode: 'commit' },
      async () => credentials,
      dir,
    );
  };
  const remoteHead = async () =>
    (
      await run('git', [
        '-C',
        path.join(root, 'fleet.git'),
        'rev-parse',
        'main',
      ])
    ).stdout.trim();
  const remoteFile = async (file: string) =>
    (
      await run('git', [
        '-C',
        path.join(root, 'fleet.git'),
        'show',
        `main:${file}`,
      ])
    ).stdout;

  beforeEach(async () => {
    root = await seededFleet({
      'arlon/bundles/a.yaml': 'a\n',
      'README.md': 'fleet\n',
    });
    server = await GitHttpServer.start({
      projectRoot: root,
      credentials: { username: 'bot', password: 'pw' },
    });
    url = `${server.url}/fleet.git`;
  });
  afterEach(async () => {
    await server.stop();
    for (const dir of [root, ...workDirs.splice(0)])
      await fs.rm(dir, { recursive: true, force: true });
  });

  const creds = { username: 'bot', password: 'pw' };

  it('reads the head commit and every file', async () => {
    const snapshot = await (await repo(creds)).read();
    expect(snapshot.commit).toBe(await remoteHead());
    expect(snapshot.files).toEqual({
      'README.md': 'fleet\n',
      'arlon/bundles/a.yaml': 'a\n',
    });
  });

  it('writes one change as one commit with its author, creating, updating and deleting files', async () => {
    const fleet = await repo(creds);
    const before = await remoteHead();
    const result = await fleet.change({
      message: 'Add bundle b',
      author,
      plan: () => ({
        'arlon/bundles/b.yaml': 'b\n',
        'README.md': 'fleet!\n',
        'arlon/bundles/a.yaml': null,
      }),
    });
    expect(result.files).toEqual([
      { path: 'README.md', action: 'update', content: 'fleet!\n' },
      { path: 'arlon/bundles/a.yaml', action: 'delete' },
      { path: 'arlon/bundles/b.yaml', action: 'create', content: 'b\n' },
    ]);
    expect(result.commit).toBe(await remoteHead());
    const { stdout } = await run('git', [
      '-C',
      path.join(root, 'fleet.git'),
      'log',
      '--format=%P|%an <%ae>|%s',
      '-1',
      'main',
    ]);
    expect(stdout.trim()).toBe(
      `${before}|Jane Platform <jane@example.com>|Add bundle b`,
    );
    expect(await remoteFile('arlon/bundles/b.yaml')).toBe('b\n');
    await expect(remoteFile('arlon/bundles/a.yaml')).rejects.toThrow();
  });

  it('reads back its own commit from memory: the files a fresh clone reads, no object read again', async () => {
    const fleet = await repo(creds);
    const { commit } = await fleet.change({
      message: 'Regenerate',
      author,
      plan: () => ({
        ...Object.fromEntries(
          Array.from({ length: 20 }, (_, i) => [
            `generated/clusters/c-${i}/root.yaml`,
            `c-${i}\n`,
          ]),
        ),
        'arlon/bundles/a.yaml': null,
        ['__proto__']: 'a file, not a prototype\n',
      }),
    });
    const readBlob = jest.spyOn(git, 'readBlob');
    const readTree = jest.spyOn(git, 'readTree');
    try {
      const after = await fleet.read();
      expect(readBlob).not.toHaveBeenCalled();
      expect(readTree).not.toHaveBeenCalled();
      expect(after.commit).toBe(commit);
      const fresh = await (await repo(creds)).read();
      expect(fresh.commit).toBe(commit);
      expect(after.files).toEqual(fresh.files);
      expect(Object.keys(after.files).sort()).toEqual(
        Object.keys(fresh.files).sort(),
      );
      expect(Object.getPrototypeOf(after.files)).toBe(Object.prototype);
    } finally {
      readBlob.mockRestore();
      readTree.mockRestore();
    }
  });

  it('fetches only what is new: commits pushed by others are not brought back at every later fetch', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    workDirs.push(dir);
    const fleet = new FleetRepository(
      { url, branch: 'main', writeMode: 'commit' },
      async () => creds,
      dir,
    );
    await fleet.read();
    // Another writer pushes three commits one by one.
    const authed = url.replace('://', '://bot:pw@');
    for (const name of ['b', 'c', 'd']) {
      await pushByHand(authed, { [`arlon/bundles/${name}.yaml`]: name }, name);
      expect((await fleet.read()).files[`arlon/bundles/${name}.yaml`]).toBe(
        name,
      );
    }
    // Every object the checkout holds arrived once: a fetch that told the
    // server only of the clone's commit got the earlier commits again.
    const packs = path.join(dir, '.git/objects/pack');
    let fetched = 0;
    for (const idx of (await fs.readdir(packs)).filter(f =>
      f.endsWith('.idx'),
    )) {
      const { stdout } = await run('git', [
        'verify-pack',
        '-v',
        path.join(packs, idx),
      ]);
      fetched += stdout
        .split('\n')
        .filter(l => /^[0-9a-f]{40} /.test(l)).length;
    }
    const { stdout: distinct } = await run('git', [
      '-C',
      dir,
      'cat-file',
      '--batch-all-objects',
      '--batch-check',
    ]);
    expect(fetched).toBe(distinct.trim().split('\n').length);
  });

  it('reads back what Git holds of text UTF-8 cannot hold (a lone surrogate is U+FFFD), as a fresh clone does', async () => {
    const fleet = await repo(creds);
    const { commit } = await fleet.change({
      message: 'Odd text',
      author,
      plan: () => ({ 'arlon/bundles/a.yaml': 'name: x\ud800\n' }),
    });
    const fresh = await (await repo(creds)).read();
    expect(fresh.commit).toBe(commit);
    expect(fresh.files['arlon/bundles/a.yaml']).toBe('name: x\ufffd\n');
    expect((await fleet.read()).files).toEqual(fresh.files);
  });

  it('writes nothing on a dry run, nor when nothing changes', async () => {
    const fleet = await repo(creds);
    const before = await remoteHead();
    const dry = await fleet.change(
      { message: 'x', author, plan: () => ({ 'new.yaml': 'n\n' }) },
      { dryRun: true },
    );
    expect(dry.commit).toBeUndefined();
    expect(dry.files).toEqual([
      { path: 'new.yaml', action: 'create', content: 'n\n' },
    ]);
    const noop = await fleet.change({
      message: 'x',
      author,
      plan: () => ({ 'README.md': 'fleet\n', 'gone.yaml': null }),
    });
    expect(noop.commit).toBeUndefined();
    expect(noop.files).toEqual([]);
    expect(await remoteHead()).toBe(before);
  });

  it('writes nothing when planning fails', async () => {
    const fleet = await repo(creds);
    const before = await remoteHead();
    await expect(
      fleet.change({
        message: 'x',
        author,
        plan: () => {
          throw new Error('invalid definition');
        },
      }),
    ).rejects.toThrow('invalid definition');
    expect(await remoteHead()).toBe(before);
  });

  it('keeps both of two concurrent writers: the later one replans on the new head', async () => {
    const [one, two] = [await repo(creds), await repo(creds)];
    await Promise.all([one.read(), two.read()]); // both clones exist and are current
    let release!: () => void;
    const gate = new Promise<void>(r => (release = r));
    // `one` plans on the old head, then waits until `two` has pushed.
    const first = one.change({
      message: 'one',
      author,
      plan: async snapshot => {
        await gate;
        return {
          'one.yaml': `parent has two.yaml: ${'two.yaml' in snapshot.files}\n`,
        };
      },
    });
    const second = await two.change({
      message: 'two',
      author,
      plan: () => ({ 'two.yaml': 'two\n' }),
    });
    release();
    const result = await first;
    expect(second.attempts).toBe(1);
    expect(result.attempts).toBe(2);
    expect(result.parent).toBe(second.commit);
    expect(await remoteFile('two.yaml')).toBe('two\n');
    expect(await remoteFile('one.yaml')).toBe('parent has two.yaml: true\n');
    const { stdout } = await run('git', [
      '-C',
      path.join(root, 'fleet.git'),
      'log',
      '--format=%s',
      'main',
    ]);
    expect(stdout.trim().split('\n').slice(0, 2)).toEqual(['one', 'two']);
  });

  it('gives up with a conflict, not an empty result, after losing the push race five times', async () => {
    const [fleet, rival] = [await repo(creds), await repo(creds)];
    let plans = 0;
    // Each attempt plans on the head it fetched; a rival pushes before the
    // attempt does, so every push is overtaken.
    const change = fleet.change({
      message: 'Add bundle b',
      author,
      plan: async () => {
        plans++;
        await rival.change({
          message: `rival ${plans}`,
          author,
          plan: () => ({ [`rival-${plans}.yaml`]: `${plans}\n` }),
        });
        return { 'arlon/bundles/b.yaml': 'b\n' };
      },
    });
    await expect(change).rejects.toMatchObject({
      name: 'ConflictError',
      message:
        'The fleet repository kept moving: 5 attempts to commit "Add bundle b" were overtaken by other writers. Try again.',
    });
    expect(plans).toBe(5);
    // Only the rivals' commits: ours never landed.
    await expect(remoteFile('arlon/bundles/b.yaml')).rejects.toThrow();
    expect(await remoteFile('rival-5.yaml')).toBe('5\n');
  });

  it('fails with the server’s refusal when credentials are wrong, writing nothing', async () => {
    const fleet = await repo({ username: 'bot', password: 'wrong' });
    await expect(fleet.read()).rejects.toThrow(/401/);
  });
});
