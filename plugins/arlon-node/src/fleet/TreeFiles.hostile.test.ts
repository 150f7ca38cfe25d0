import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TreeFiles } from './TreeFiles';

/** A repository whose files are named like an object's own machinery. */
describe('TreeFiles, hostile repositories', () => {
  let dir: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  const commitAll = () => {
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@x', 'commit', '-qm', 'c');
    return git('rev-parse', 'HEAD');
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-files-hostile-'));
    git('init', '-q');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true });
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  it('keeps files named __proto__, constructor and hasOwnProperty as data, never as the prototype', async () => {
    for (const file of ['__proto__', 'constructor', 'arlon/__proto__/x.yaml'])
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, '__proto__'), '{"polluted": 1}');
    fs.writeFileSync(path.join(dir, 'constructor'), 'c');
    fs.writeFileSync(path.join(dir, 'hasOwnProperty'), 'h');
    fs.writeFileSync(path.join(dir, 'arlon/__proto__/x.yaml'), 'x');
    const files = await new TreeFiles(dir).at(commitAll());
    expect(Object.getPrototypeOf(files)).toBe(Object.prototype);
    expect(Object.keys(files).sort()).toEqual([
      '__proto__',
      'arlon/__proto__/x.yaml',
      'constructor',
      'hasOwnProperty',
    ]);
    expect(Object.getOwnPropertyDescriptor(files, '__proto__')?.value).toBe(
      '{"polluted": 1}',
    );
  });

  it('leaves out a submodule (a commit entry) and reads a symlink as the path it names, never following it', async () => {
    fs.writeFileSync(path.join(dir, 'a.yaml'), 'a');
    fs.symlinkSync('/etc/passwd', path.join(dir, 'link.yaml'));
    const head = commitAll();
    git('update-index', '--add', '--cacheinfo', `160000,${head},vendor/sub`);
    git('-c', 'user.name=t', '-c', 'user.email=t@x', 'commit', '-qm', 'sub');
    const files = await new TreeFiles(dir).at(git('rev-parse', 'HEAD'));
    expect(files).toEqual({ 'a.yaml': 'a', 'link.yaml': '/etc/passwd' });
  });

  it('refuses a commit that is not in the clone, with the id it was asked for', async () => {
    fs.writeFileSync(path.join(dir, 'a.yaml'), 'a');
    commitAll();
    const missing = '0123456789abcdef0123456789abcdef01234567';
    await expect(new TreeFiles(dir).at(missing)).rejects.toThrow(missing);
  });
});
