import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FleetRepoReader } from './FleetRepoReader';

const run = promisify(execFile);
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@arlon.invalid',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@arlon.invalid',
};
const git = async (...args: string[]) =>
  (await run('git', args, { env })).stdout.trim();

/**
 * resolve('HEAD') answers from what it kept while the refs are unchanged:
 * every way a push, a branch switch or `git pack-refs` changes HEAD's
 * commit must show at once, as `git rev-parse` shows it.
 */
describe('FleetRepoReader.resolve', () => {
  let dir: string;
  let bare: string;
  let work: string;
  let reader: FleetRepoReader;

  /** A new commit on `branch` of the work tree, pushed to the bare repository; its id. */
  const pushCommit = async (branch = 'main') => {
    await fs.writeFile(path.join(work, 'f'), String(Math.random()));
    await git('-C', work, 'add', '-A');
    await git('-C', work, '-c', 'gc.auto=0', 'commit', '-q', '-m', 'c');
    await git('-C', work, 'push', '-q', bare, `HEAD:refs/heads/${branch}`);
    return git('-C', work, 'rev-parse', 'HEAD');
  };
  const revParseHead = () =>
    git('-C', bare, 'rev-parse', '--verify', 'HEAD^{commit}');

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-reader-'));
    bare = path.join(dir, 'fleet.git');
    work = path.join(dir, 'work');
    await git('init', '-q', '--bare', '-b', 'main', bare);
    await git('-C', bare, 'config', 'gc.auto', '0');
    await git('init', '-q', '-b', 'main', work);
    reader = new FleetRepoReader(bare);
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('refuses an unborn HEAD every time, then follows the first push', async () => {
    await expect(reader.resolve('HEAD')).rejects.toThrow();
    await expect(reader.resolve('')).rejects.toThrow();
    const first = await pushCommit();
    await expect(reader.resolve('HEAD')).resolves.toBe(first);
  });

  it('follows each new commit of the branch (a loose ref)', async () => {
    await pushCommit();
    await reader.resolve('HEAD');
    const second = await pushCommit();
    await expect(reader.resolve('HEAD')).resolves.toBe(second);
    await expect(reader.resolve('')).resolves.toBe(second);
  });

  it('follows a branch that lives in packed-refs only', async () => {
    await pushCommit();
    await reader.resolve('HEAD');
    const second = await pushCommit('other');
    // main packed and its loose file gone; then main moved in packed-refs only.
    await git('-C', bare, 'pack-refs', '--all');
    await expect(reader.resolve('HEAD')).resolves.toBe(await revParseHead());
    await git(
      '-C',
      bare,
      'update-ref',
      '--no-deref',
      'refs/heads/main',
      second,
    );
    await git('-C', bare, 'pack-refs', '--all');
    await expect(reader.resolve('HEAD')).resolves.toBe(second);
  });

  it('follows HEAD switched to another branch, and a detached HEAD', async () => {
    const first = await pushCommit();
    const other = await pushCommit('other');
    await expect(reader.resolve('HEAD')).resolves.toBe(first);
    await git('-C', bare, 'symbolic-ref', 'HEAD', 'refs/heads/other');
    await expect(reader.resolve('HEAD')).resolves.toBe(other);
    await fs.writeFile(path.join(bare, 'HEAD'), `${first}\n`);
    await expect(reader.resolve('HEAD')).resolves.toBe(first);
  });

  it('refuses a branch deleted since, as git does', async () => {
    await pushCommit();
    await reader.resolve('HEAD');
    await git('-C', bare, 'update-ref', '-d', 'refs/heads/main');
    await expect(reader.resolve('HEAD')).rejects.toThrow();
  });

  it('never follows a HEAD that names a file outside refs/, as git does not', async () => {
    const first = await pushCommit();
    await reader.resolve('HEAD');
    // A file out of the repository holding a commit id that does exist.
    await fs.writeFile(path.join(dir, 'outside'), `${first}\n`);
    await fs.writeFile(
      path.join(bare, 'HEAD'),
      'ref: refs/heads/../../../outside\n',
    );
    await expect(reader.resolve('HEAD')).rejects.toThrow();
  });

  it('resolves other revisions with git, as before', async () => {
    const first = await pushCommit();
    const other = await pushCommit('other');
    await expect(reader.resolve('other')).resolves.toBe(other);
    await expect(reader.resolve(first)).resolves.toBe(first);
    await expect(reader.resolve('missing')).rejects.toThrow();
  });
});
