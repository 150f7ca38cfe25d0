import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createFleetRepository } from './createFleetRepository';

const git = promisify(execFile);

describe('createFleetRepository', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-repo-'));
    await fs.mkdir(path.join(root, 'seed', 'bundles'), { recursive: true });
    await fs.writeFile(path.join(root, 'seed', 'bundles', 'a.yaml'), 'a: 1\n');
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('serves the seed as one commit, accepts pushes, and starts no maintenance after them', async () => {
    const bare = await createFleetRepository({
      projectRoot: root,
      name: 'fleet',
      branch: 'main',
      seedDir: path.join(root, 'seed'),
    });
    const config = async (key: string) =>
      (await git('git', ['-C', bare, 'config', '--get', key])).stdout.trim();
    expect(await config('http.receivepack')).toBe('true');
    // A detached `git maintenance` would outlive the sandbox's stop.
    expect(await config('receive.autogc')).toBe('false');
    const { stdout } = await git('git', [
      '-C',
      bare,
      'ls-tree',
      '-r',
      '--name-only',
      'main',
    ]);
    expect(stdout.trim().split('\n')).toEqual(['bundles/a.yaml']);
    // The seed's working copy is gone.
    expect(await fs.readdir(root)).toEqual(
      expect.arrayContaining(['fleet.git', 'seed']),
    );
    expect((await fs.readdir(root)).some(f => f.startsWith('seed-'))).toBe(
      false,
    );
  });
});
