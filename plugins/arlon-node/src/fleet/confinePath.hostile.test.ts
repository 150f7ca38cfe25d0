import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertRepositoryPaths, confinedTarget } from './confinePath';

describe('the checkout writes only inside itself', () => {
  let dir: string;
  let outside: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'outside-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(outside, { recursive: true, force: true });
  });

  it.each([
    ['../x.yaml', "'..'"],
    ['arlon/bundles/../../../x.yaml', "'..'"],
    ['/etc/passwd', 'absolute'],
    ['.git/config', '.git'],
    ['arlon/.GIT/hooks/pre-commit', '.git'],
    ['arlon//x.yaml', 'empty'],
    ['', 'empty'],
    ['arlon/x\u0000.yaml', 'control character'],
    ['arlon\\..\\..\\x.yaml', 'backslash'],
    // No checkout (ArgoCD's, an operator's) can make a name over 255 bytes:
    // once committed, every clone of the fleet fails.
    [`bundles/b/${'a'.repeat(251)}.yaml`, 'longer than 255 bytes'],
    [`bundles/b/${'\u00e9'.repeat(126)}.yaml`, 'longer than 255 bytes'],
    // UTF-8 cannot hold a lone surrogate: Git would store U+FFFD instead,
    // a name other than the one asked for (two could become one).
    ['bundles/b/x\ud800.yaml', 'lone surrogate'],
    // What Git itself refuses on checkout as .git on Windows and macOS.
    ['bundles/b/.git./hooks.yaml', '.git'],
    ['bundles/b/.git /hooks.yaml', '.git'],
    ['bundles/b/git~1/hooks.yaml', '.git'],
    ['bundles/b/.g\u200cit/hooks.yaml', '.git'],
    ['bundles/b/.git::$INDEX_ALLOCATION/x.yaml', '.git'],
  ])('refuses %j before anything is written', (file, reason) => {
    expect(() => assertRepositoryPaths(['arlon/ok.yaml', file])).toThrow(
      reason,
    );
  });

  it('refuses a path through a symbolic link a commit planted, writing nothing outside', async () => {
    await fs.mkdir(path.join(dir, 'bundles'));
    await fs.symlink(outside, path.join(dir, 'bundles/evil'));
    await expect(confinedTarget(dir, 'bundles/evil/x.yaml')).rejects.toThrow(
      'bundles/evil is a symbolic link in the checkout',
    );
    await fs.symlink(
      path.join(outside, 'target.yaml'),
      path.join(dir, 'bundles/link.yaml'),
    );
    await expect(confinedTarget(dir, 'bundles/link.yaml')).rejects.toThrow(
      /is a symbolic link/,
    );
    expect(await fs.readdir(outside)).toEqual([]);
  });

  it('gives the path of a plain file inside the checkout', async () => {
    expect(await confinedTarget(dir, 'arlon/bundles/web.yaml')).toBe(
      path.join(await fs.realpath(dir), 'arlon/bundles/web.yaml'),
    );
  });
});
