import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXAMPLE, run } from './__testUtils__/run';

const CLUSTER = 'arlon/clusters/dev-local.yaml';

/** Every file under generated/, to see that nothing changed. */
async function generatedFiles(dir: string) {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(path.join(dir, 'generated'), {
    recursive: true,
    withFileTypes: true,
  }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out[path.relative(dir, full)] = await fs.readFile(full, 'utf8');
    }
  return out;
}

/**
 * Placement in a checkout, without the portal's configuration: a new
 * cluster placed on a management cluster gets that management cluster's
 * tree; a cluster the tree already builds is never moved.
 */
describe('arlon regenerate with spec.managementCluster', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
    await fs.cp(EXAMPLE, dir, { recursive: true });
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('writes a new placed cluster into its management cluster tree, and validate agrees', async () => {
    await fs.writeFile(
      path.join(dir, 'arlon/clusters/west-1.yaml'),
      'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: west-1\nspec:\n  clusterSpec: docker-dev\n  managementCluster: mc-west\n',
    );
    const r = await run('regenerate', dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const files = await generatedFiles(dir);
    expect(
      files[
        'generated/management-clusters/mc-west/argocd/clusters/west-1.yaml'
      ],
    ).toContain('name: west-1');
    expect(files['generated/argocd/clusters/west-1.yaml']).toBeUndefined();
    expect((await run('validate', dir)).code).toBe(0);
  });

  it('refuses to move a cluster the tree builds, naming the file and field, and writes nothing', async () => {
    const before = await generatedFiles(dir);
    const text = await fs.readFile(path.join(dir, CLUSTER), 'utf8');
    await fs.writeFile(
      path.join(dir, CLUSTER),
      text.replace(
        '  clusterSpec: docker-dev\n',
        '  clusterSpec: docker-dev\n  managementCluster: mc-west\n',
      ),
    );
    const r = await run('regenerate', dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${CLUSTER}:`);
    expect(r.err).toContain(
      'cluster "dev-local" is built by the default management cluster (generated/argocd/clusters/dev-local.yaml); moving it to "mc-west" would make the first one\'s ArgoCD delete the running cluster',
    );
    expect(r.err).toContain('Nothing was regenerated');
    expect(await generatedFiles(dir)).toEqual(before);
    expect((await run('validate', dir)).code).toBe(1);
  });
});
