import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { EXAMPLE, run } from './__testUtils__/run';

const BOOTSTRAP = 'generated/bootstrap/arlon-fleet.yaml';

/**
 * Hostile checkouts for `arlon validate` and `arlon regenerate`: links
 * planted in generated/ are never read through or written through, and a
 * bootstrap Application that does not say plainly where the fleet lives is
 * a reason to stop, not something to compile into the tree.
 */
describe('arlon validate and regenerate, hostile checkouts', () => {
  let dir: string;
  /** Somewhere outside the checkout that a link points at. */
  let outside: string;
  const secret = 'outside the checkout\n';

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'outside-'));
    await fs.cp(EXAMPLE, dir, { recursive: true });
    await fs.writeFile(path.join(outside, 'apps.yaml'), secret);
  });
  afterEach(async () => {
    // Whatever the case, what is outside is as it was.
    const left = await fs.readdir(outside);
    const kept = await fs.readFile(path.join(outside, 'apps.yaml'), 'utf8');
    if (left.join() !== 'apps.yaml' || kept !== secret)
      throw new Error(`a file outside the checkout changed: ${left.join()}`);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(outside, { recursive: true, force: true });
  });

  const bootstrapWith = async (from: string | RegExp, to: string) => {
    const file = path.join(dir, BOOTSTRAP);
    await fs.writeFile(
      file,
      (await fs.readFile(file, 'utf8')).replace(from, to),
    );
  };

  it('a generated file that is a link to a file outside: reported stale, replaced by a file, never written through', async () => {
    const file = path.join(dir, 'generated/argocd/profiles/apps.yaml');
    await fs.rm(file);
    await fs.symlink(path.join(outside, 'apps.yaml'), file);
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain(
      '  create generated/argocd/profiles/apps.yaml\n',
    );
    expect((await run('regenerate', dir)).code).toBe(0);
    expect((await fs.lstat(file)).isFile()).toBe(true);
    expect(await fs.readFile(file, 'utf8')).toContain('profile-apps');
  });

  it('generated/ itself a link to a folder outside: the link goes, the folder stays as it was', async () => {
    await fs.rm(path.join(dir, 'generated'), { recursive: true });
    await fs.symlink(outside, path.join(dir, 'generated'));
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    // Nothing is read through the link: not even the bootstrap file.
    expect(validated.err).toContain(
      'generated/ cannot be checked: generated/bootstrap/arlon-fleet.yaml is missing.',
    );
    expect(
      (
        await run(
          'regenerate',
          dir,
          '--repo-url',
          'https://git.example.com/f.git',
        )
      ).code,
    ).toBe(0);
    expect((await fs.lstat(path.join(dir, 'generated'))).isDirectory()).toBe(
      true,
    );
  });

  it('a folder inside generated/ that is a link outside: not read, not written into', async () => {
    const values = path.join(dir, 'generated/argocd/profiles');
    await fs.rm(values, { recursive: true });
    await fs.symlink(outside, values);
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    // The file outside is not taken for a generated one.
    expect(validated.err).toContain(
      '  create generated/argocd/profiles/apps.yaml\n',
    );
    expect((await run('regenerate', dir)).code).toBe(0);
    expect((await fs.lstat(values)).isDirectory()).toBe(true);
  });

  it('a named pipe in generated/: listed as stale without being opened (no hang), removed by regenerate', async () => {
    const fifo = path.join(dir, 'generated/argocd/pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain('  delete generated/argocd/pipe.yaml\n');
    expect((await run('regenerate', dir)).code).toBe(0);
    await expect(fs.lstat(fifo)).rejects.toThrow();
  });

  it('a bootstrap repoURL carrying a newline and a second key: not compiled in; validate says why, regenerate writes nothing', async () => {
    await bootstrapWith(
      /repoURL: .*/,
      'repoURL: "https://git.example.com/f.git\\n    path: /"',
    );
    const before = await fs.readFile(path.join(dir, BOOTSTRAP), 'utf8');
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain(
      'generated/ cannot be checked: generated/bootstrap/arlon-fleet.yaml has no usable spec.source.repoURL (a string without spaces).',
    );
    const regenerated = await run('regenerate', dir);
    expect(regenerated.code).toBe(2);
    expect(regenerated.err).toContain('regenerate needs --repo-url <url>');
    expect(await fs.readFile(path.join(dir, BOOTSTRAP), 'utf8')).toBe(before);
  });

  it('a bootstrap repoURL that is not a string (a map): a reason, not a crash', async () => {
    await bootstrapWith(/repoURL: .*/, 'repoURL: {toString: 1}');
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain('has no usable spec.source.repoURL');
  });

  it('a bootstrap file that is an alias bomb: a reason at once, nothing expanded', async () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...'bcdefghi'
        .split('')
        .map(
          (k, i) =>
            `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`,
        ),
      'kind: Application',
      'metadata: {name: arlon-fleet}',
      'spec: {source: {repoURL: *i}}',
    ].join('\n');
    await fs.writeFile(path.join(dir, BOOTSTRAP), bomb);
    const started = Date.now();
    const validated = await run('validate', dir);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain(
      'generated/ cannot be checked: generated/bootstrap/arlon-fleet.yaml is not readable YAML',
    );
  });

  it('a bootstrap namespace that is not a namespace name: ignored, the tree compiled for argocd', async () => {
    await bootstrapWith(
      'namespace: argocd\n  labels',
      'namespace: "kube-system\\n  evil: true"\n  labels',
    );
    expect((await run('regenerate', dir)).code).toBe(0);
    const app = parseDocument(
      await fs.readFile(path.join(dir, BOOTSTRAP), 'utf8'),
    ).toJS();
    expect(app.metadata).toMatchObject({ namespace: 'argocd' });
    expect(app.metadata.evil).toBeUndefined();
  });

  it('a --repo-url with shell and YAML metacharacters: printed as one quoted word, written as data', async () => {
    const url =
      "https://git.example.com/f.git'; rm -rf ~; echo '\n  evil: true";
    const validated = await run('validate', dir, '--repo-url', url);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain(
      `regenerate ${dir} --repo-url 'https://git.example.com/f.git'\\''; rm -rf ~; echo '\\''\n  evil: true'\n`,
    );
    expect((await run('regenerate', dir, '--repo-url', url)).code).toBe(0);
    const app = parseDocument(
      await fs.readFile(path.join(dir, BOOTSTRAP), 'utf8'),
    ).toJS();
    expect(app.spec.source.repoURL).toBe(url);
    expect(app.spec.source.evil).toBeUndefined();
  });

  it.each(['validate', 'regenerate', 'render'])(
    '%s refuses a --repo-url with credentials, without printing them',
    async command => {
      const before = await fs.readFile(path.join(dir, BOOTSTRAP), 'utf8');
      const url = 'https://bot:s3cret-token@git.example.com/fleet.git';
      const result = await run(command, dir, '--repo-url', url, '--out', dir);
      expect(result.code).toBe(2);
      expect(result.err).toContain(
        '--repo-url carries a user name or password',
      );
      expect(result.out + result.err).not.toContain('s3cret-token');
      expect(await fs.readFile(path.join(dir, BOOTSTRAP), 'utf8')).toBe(before);
    },
  );
});
