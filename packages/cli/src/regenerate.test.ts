import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE, run } from './__testUtils__/run';

async function read(dir: string, file: string) {
  return fs.readFile(path.join(dir, file), 'utf8');
}

async function edit(dir: string, file: string, from: string, to: string) {
  const text = await read(dir, file);
  expect(text).toContain(from);
  await fs.writeFile(path.join(dir, file), text.replace(from, to));
}

/** Every file of a folder, to compare trees. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, {
    recursive: true,
    withFileTypes: true,
  })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, full)] = await fs.readFile(full, 'utf8');
    }
  }
  return out;
}

describe('the generated tree in a checkout', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
    await fs.cp(EXAMPLE, dir, { recursive: true });
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('arlon validate fails on a hand edit of a definition, listing the stale file and the command; arlon regenerate fixes it', async () => {
    await edit(
      dir,
      'arlon/clusters/dev-local.yaml',
      'replicaCount: 1',
      'replicaCount: 3',
    );
    const stale = await run('validate', dir);
    expect(stale.code).toBe(1);
    expect(stale.out).toBe('');
    expect(stale.err).toContain(
      `${dir}: the definitions are valid, but generated/ is stale: 1 file differs from what they compile to`,
    );
    expect(stale.err).toContain(
      '  update generated/values/dev-local/guestbook.yaml\n',
    );
    expect(stale.err).toMatch(
      new RegExp(
        `Regenerate it and commit the result:\n  (yarn )?arlon regenerate ${dir}\n$`,
      ),
    );

    const regenerated = await run('regenerate', dir);
    expect(regenerated).toMatchObject({
      code: 0,
      out: `Regenerated ${dir}/generated for http://127.0.0.1:7080/fleet.git (main): 0 created, 1 updated, 0 deleted. Commit it.\n`,
    });
    expect(
      await read(dir, 'generated/values/dev-local/guestbook.yaml'),
    ).toContain('replicaCount: 3');
    expect((await run('validate', dir)).code).toBe(0);
  });

  it('regenerates exactly what the portal compiles for the example (the golden tree): a no-op on the example itself', async () => {
    const before = await snapshot(dir);
    expect(await run('regenerate', dir)).toMatchObject({
      code: 0,
      out: `${dir}/generated is current; nothing to do.\n`,
    });
    expect(await snapshot(dir)).toEqual(before);
  });

  it('sees a hand edit of a generated file and a generated file left over, and lists the first five of many', async () => {
    await fs.appendFile(
      path.join(dir, 'generated/argocd/profiles/apps.yaml'),
      '# edited by hand\n',
    );
    await fs.writeFile(
      path.join(dir, 'generated/argocd/a-left-over.yaml'),
      'x: 1\n',
    );
    // A new revision changes every file that names it.
    const { code, err } = await run('validate', dir, '--revision', 'release');
    expect(code).toBe(1);
    expect(err).toContain('  delete generated/argocd/a-left-over.yaml\n');
    expect(err).toContain('  ... and 2 more\n');
    expect(err.match(/^ {2}(create|update|delete) /gm)).toHaveLength(5);
    expect(err).toMatch(/arlon regenerate \S+ --revision release\n$/);

    expect((await run('regenerate', dir, '--revision', 'release')).code).toBe(
      0,
    );
    expect(await read(dir, 'generated/bootstrap/arlon-fleet.yaml')).toContain(
      'targetRevision: release',
    );
    await expect(
      fs.stat(path.join(dir, 'generated/argocd/a-left-over.yaml')),
    ).rejects.toThrow();
    // Now recorded in the tree: no flag needed to stay current.
    expect((await run('validate', dir)).code).toBe(0);
  });

  it('reports stale files as JSON with the command', async () => {
    await fs.rm(path.join(dir, 'generated/argocd/profiles/apps.yaml'));
    const { code, out } = await run('validate', dir, '--output', 'json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({
      valid: false,
      problems: [],
      generated: {
        current: false,
        stale: [
          { path: 'generated/argocd/profiles/apps.yaml', action: 'create' },
        ],
        command: expect.stringMatching(/arlon regenerate /),
      },
    });
  });

  it('without a generated tree, asks for the repository URL; regenerate with it writes the tree', async () => {
    await fs.rm(path.join(dir, 'generated'), { recursive: true });
    const stale = await run('validate', dir);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain(
      'generated/ cannot be checked: generated/bootstrap/arlon-fleet.yaml is missing.',
    );
    expect(stale.err).toContain(
      `arlon regenerate ${dir} --repo-url <the clone URL ArgoCD reads the fleet from>\n`,
    );
    expect(await run('regenerate', dir)).toMatchObject({
      code: 2,
      err: expect.stringContaining('regenerate needs --repo-url <url>'),
    });
    const url = 'https://git.example.com/platform/fleet.git';
    expect((await run('regenerate', dir, '--repo-url', url)).code).toBe(0);
    expect(await read(dir, 'generated/bootstrap/arlon-fleet.yaml')).toContain(
      `repoURL: ${url}`,
    );
    expect((await run('validate', dir)).code).toBe(0);
  });

  it('does not check (or touch) generated/ while the definitions have problems', async () => {
    await edit(dir, 'arlon/clusters/dev-local.yaml', 'profiles:', 'profles:');
    const before = await snapshot(path.join(dir, 'generated'));
    const validated = await run('validate', dir);
    expect(validated.code).toBe(1);
    expect(validated.err).toContain('arlon/clusters/dev-local.yaml');
    expect(validated.err).not.toContain('stale');
    const regenerated = await run('regenerate', dir);
    expect(regenerated.code).toBe(1);
    expect(regenerated.err).toContain(
      'Nothing was regenerated: fix the definitions first.',
    );
    expect(await snapshot(path.join(dir, 'generated'))).toEqual(before);
  });
});
