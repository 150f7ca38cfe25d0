import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { run } from './__testUtils__/run';

const FLEET: Record<string, string> = {
  'arlon/clusterspecs/docker-dev.yaml': `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: docker-dev
spec:
  provider: docker
  type: kubeadm
  kubernetesVersion: v1.31.2
  controlPlane: { replicas: 1 }
  nodePools:
    - name: md-0
      machineType: kindest/node:v1.31.2
      replicas: 1
`,
  'arlon/clusters/dev.yaml': `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: dev
spec:
  clusterSpec: docker-dev
`,
};

/** The Cluster API version a fleet is rendered at: chosen once, recorded in generated/, kept by regenerate. */
describe('arlon render/regenerate --capi-version', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleet-'));
    for (const [file, text] of Object.entries(FLEET)) {
      await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await fs.writeFile(path.join(dir, file), text);
    }
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const read = async (file: string) =>
    parseAllDocuments(
      await fs.readFile(path.join(dir, 'generated', file), 'utf8'),
    ).map(d => d.toJS());
  const kinds = async () =>
    Object.fromEntries(
      (await read('clusters/dev/cluster.yaml')).map(o => [
        o.kind,
        o.apiVersion,
      ]),
    );

  it('renders v1beta2 and records it; regenerate keeps it without being told', async () => {
    const rendered = await run(
      'render',
      dir,
      '--out',
      dir,
      '--repo-url',
      'https://git.example.com/fleet.git',
      '--capi-version',
      'v1beta2',
    );
    expect(rendered).toMatchObject({ code: 0 });
    expect(await kinds()).toMatchObject({
      Cluster: 'cluster.x-k8s.io/v1beta2',
      ClusterClass: 'cluster.x-k8s.io/v1beta2',
      KubeadmControlPlaneTemplate: 'controlplane.cluster.x-k8s.io/v1beta2',
      KubeadmConfigTemplate: 'bootstrap.cluster.x-k8s.io/v1beta2',
    });
    const [bootstrap] = await read('bootstrap/arlon-fleet.yaml');
    expect(bootstrap.metadata.annotations['arlon.io/capi-version']).toBe(
      'v1beta2',
    );
    // Recorded: a plain regenerate or validate finds the tree current.
    expect((await run('validate', dir)).code).toBe(0);
    expect((await run('regenerate', dir)).code).toBe(0);
    expect((await kinds()).Cluster).toBe('cluster.x-k8s.io/v1beta2');
  });

  it('switching a v1beta1 tree to v1beta2 rewrites the Cluster API objects, not the template names', async () => {
    await run(
      'render',
      dir,
      '--out',
      dir,
      '--repo-url',
      'https://git.example.com/fleet.git',
    );
    expect((await kinds()).Cluster).toBe('cluster.x-k8s.io/v1beta1');
    const names = async () =>
      (await read('clusters/dev/cluster.yaml'))
        .filter(o => o.kind.endsWith('Template'))
        .map(o => `${o.kind}/${o.metadata.name}`)
        .sort();
    const before = await names();
    expect((await run('validate', dir, '--capi-version', 'v1beta2')).code).toBe(
      1,
    );
    expect(
      (await run('regenerate', dir, '--capi-version', 'v1beta2')).code,
    ).toBe(0);
    expect((await kinds()).Cluster).toBe('cluster.x-k8s.io/v1beta2');
    expect(await names()).toEqual(before);
  });
});
