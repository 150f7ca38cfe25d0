import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE, run } from './__testUtils__/run';

/**
 * A copy of the example fleet with one hostile file, rendered: `arlon
 * render` exits 1 naming the file and field, and writes nothing at all.
 */
async function renderWith(file: string, text: (original: string) => string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
  await fs.cp(EXAMPLE, dir, { recursive: true });
  const target = path.join(dir, file);
  const original = await fs.readFile(target, 'utf8').catch(() => '');
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, text(original));
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'out-'));
  const result = await run(
    'render',
    dir,
    '--out',
    out,
    '--repo-url',
    'https://git.example.com/fleet.git',
  );
  expect(result.code).toBe(1);
  expect(result.err).toContain('Nothing was rendered.');
  expect(await fs.readdir(out)).toEqual([]);
  expect(({} as any).polluted).toBeUndefined();
  await fs.rm(dir, { recursive: true });
  await fs.rm(out, { recursive: true });
  return result.err;
}

const cluster = (name: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  clusterSpec: docker-dev\n`;

describe('arlon render and validate, hostile fleet repositories', () => {
  it('a definition whose name is a traversal', async () => {
    const escape = path.join(os.tmpdir(), `arlon-hostile-cli-${process.pid}`);
    const name = `${'../'.repeat(24)}${escape.slice(1)}/x`;
    const err = await renderWith('arlon/clusters/x.yaml', () =>
      cluster(JSON.stringify(name)),
    );
    expect(err).toContain('arlon/clusters/x.yaml:4:3: metadata.name must be');
    expect(existsSync(escape)).toBe(false);
  });

  it('a file whose name and metadata.name disagree', async () => {
    const err = await renderWith('arlon/clusters/qa-1.yaml', () =>
      cluster('qa-2'),
    );
    expect(err).toContain(
      'arlon/clusters/qa-1.yaml:4:3: the Cluster is named "qa-2", but its file is qa-1.yaml',
    );
  });

  it('a definition outside its kind folder', async () => {
    const err = await renderWith('arlon/clusters/extra/qa-1.yaml', () =>
      cluster('qa-1'),
    );
    expect(err).toContain(
      'arlon/clusters/extra/qa-1.yaml is not where definitions live, so it is not read',
    );
  });

  it('a cluster named argocd', async () => {
    const err = await renderWith('arlon/clusters/argocd.yaml', () =>
      cluster('argocd'),
    );
    expect(err).toContain('"argocd" is reserved');
  });

  it('a bundle parameter named __proto__.polluted', async () => {
    const err = await renderWith('arlon/bundles/guestbook.yaml', t =>
      t.replace(/- name: \w+/, '- name: __proto__.polluted'),
    );
    expect(err).toContain('spec.parameters[0].name');
  });

  it('a Git bundle path carrying a quote and a newline', async () => {
    const err = await renderWith('arlon/bundles/guestbook.yaml', t =>
      t.replace(
        'path: helm-guestbook',
        'path: "x\\"\\n  destination:\\n    server: https://kubernetes.default.svc"',
      ),
    );
    expect(err).toContain('spec.source.git.path must be a relative folder');
  });

  it('preflight of a traversal name exits 2 naming it, before reading any cluster', async () => {
    const { code, err } = await run(
      'preflight',
      '../../etc/passwd',
      '--context',
      'nowhere',
      '--fleet',
      EXAMPLE,
    );
    expect(code).toBe(2);
    expect(err).toContain(
      'the bundle or profile name "../../etc/passwd" must be lower-case letters',
    );
  });
});
