import { stringify } from 'yaml';
import { PROVIDERS } from '../providers/catalog';
import { exampleClusterSpec } from '../providers/examples';
import type { ClusterSpecSpec } from '../model/types';
import { validateFleet } from './validateFleet';

const FILE = 'arlon/clusterspecs/c1.yaml';

const document = (spec: unknown) =>
  stringify({
    apiVersion: 'core.arlon.io/v1',
    kind: 'ClusterSpec',
    metadata: { name: 'c1' },
    spec,
  });
const problemsOf = (text: string) =>
  validateFleet({ [FILE]: text }).problems.map(
    ({ line, field, message, hint }) => ({ line, field, message, hint }),
  );

/** The spec without `path` (dot-separated; `nodePools[].machineType` drops it from every pool). */
function without(spec: ClusterSpecSpec, path: string): ClusterSpecSpec {
  const copy = structuredClone(spec) as any;
  if (path === 'machineType') {
    for (const pool of copy.nodePools) delete pool.machineType;
    return copy;
  }
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce((node, k) => node?.[k], copy);
  delete parent[last];
  return copy;
}

const requirements = PROVIDERS.flatMap(p =>
  Object.entries(p.clusterTypes).flatMap(([type, entry]) =>
    entry.requires.map(field => [p.id, type, field, entry.fields[field]]),
  ),
);

describe('provider fields in cluster specs', () => {
  it.each(
    PROVIDERS.flatMap(p =>
      Object.keys(p.clusterTypes).map(type => [p.id, type]),
    ),
  )('the %s %s example spec is valid', (provider, type) => {
    expect(problemsOf(document(exampleClusterSpec(provider, type)))).toEqual(
      [],
    );
  });

  it.each(requirements)(
    '%s %s without %s: a problem naming the field and the provider field it becomes',
    (provider, type, field, mapsTo) => {
      const spec = without(exampleClusterSpec(provider, type), field);
      const problems = problemsOf(document(spec));
      const fieldPattern =
        field === 'machineType'
          ? /^spec\.nodePools\[\d\]\.machineType$/
          : new RegExp(`^spec\\.${field.replace(/\./g, '\\.')}$`);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems).toEqual(
        problems.map(() =>
          expect.objectContaining({
            field: expect.stringMatching(fieldPattern),
            message: expect.stringContaining(
              `${provider} ${type} clusters need`,
            ),
            hint: expect.stringContaining(mapsTo),
          }),
        ),
      );
    },
  );

  it('points a missing provider field at the nearest line that is there', () => {
    const text = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: c1
spec:
  provider: gcp
  type: gke
  kubernetesVersion: v1.30.2
  region: europe-west4
  providerSpec:
    gcp: {}
  nodePools:
    - name: workers
      machineType: e2-standard-4
      replicas: 2
`;
    expect(problemsOf(text)).toEqual([
      {
        line: 11,
        field: 'spec.providerSpec.gcp.project',
        message: 'gcp gke clusters need providerSpec.gcp.project',
        hint: 'Add providerSpec.gcp.project. It becomes GCPManagedCluster and GCPManagedControlPlane spec.project.',
      },
    ]);
  });

  it('reports a pool without a machine type at the pool, saying the provider field', () => {
    const text = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: c1
spec:
  provider: hetzner
  type: kubeadm
  kubernetesVersion: v1.30.2
  region: fsn1
  sshKeyName: ops
  providerSpec:
    hetzner:
      hetznerSecretRef: { name: hetzner, key: { hcloudToken: hcloud } }
  nodePools:
    - name: workers
      machineType: cpx31
      replicas: 2
    - name: burst
      replicas: 1
`;
    expect(problemsOf(text)).toEqual([
      {
        line: 18,
        field: 'spec.nodePools[1].machineType',
        message:
          'hetzner kubeadm clusters need machineType on every node pool; pool "burst" has none',
        hint: 'Add machineType: to the pool. It becomes HCloudMachineTemplate spec.template.spec.type.',
      },
    ]);
  });

  it.each([
    ['vsphere', 'region', 'region: eu', 6],
    ['metal3', 'sshKeyName', 'sshKeyName: ops', 6],
    ['maas', 'network.vpcId', 'network: { vpcId: vpc-1 }', 6],
  ])(
    'refuses %s with a generic %s it has nowhere to put, at its line',
    (provider, field, line, at) => {
      const spec = exampleClusterSpec(provider, 'kubeadm');
      const text = document(spec).replace('spec:\n', `spec:\n  ${line}\n`);
      expect(problemsOf(text)).toEqual([
        {
          line: at,
          field: `spec.${field}`,
          message: `${provider} kubeadm clusters have no ${field}: the provider's CRDs have no field it could become`,
          hint: expect.stringMatching(/^Remove it\. This type takes: /),
        },
      ]);
    },
  );

  it('refuses a machine type where the provider sizes machines otherwise (vSphere)', () => {
    const spec = exampleClusterSpec('vsphere', 'kubeadm');
    spec.nodePools[0].machineType = 'large';
    expect(problemsOf(document(spec))).toEqual([
      expect.objectContaining({
        field: 'spec.nodePools[0].machineType',
        hint: expect.stringContaining('providerSpec.vsphere.numCPUs'),
      }),
    ]);
  });

  it("refuses a control plane machine type where the provider sizes machines otherwise, naming what the type takes", () => {
    const spec = exampleClusterSpec('vsphere', 'kubeadm');
    spec.controlPlane = { ...spec.controlPlane, machineType: 'large' };
    const [problem] = problemsOf(document(spec));
    expect(problem).toEqual({
      line: expect.any(Number),
      field: 'spec.controlPlane.machineType',
      message:
        "vsphere kubeadm clusters have no machineType: the provider's CRDs have no field it could become",
      hint: expect.stringMatching(
        /^Remove it\. This type takes: providerSpec\.vsphere\.server, providerSpec\.vsphere\.thumbprint, /,
      ),
    });
  });

  it('checks AKS pool names only on AKS clusters', () => {
    const spec = exampleClusterSpec('azure', 'kubeadm');
    spec.nodePools[0].name = 'burst-pool-2';
    expect(problemsOf(document(spec))).toEqual([]);
    const aws = exampleClusterSpec('aws', 'kubeadm');
    aws.nodePools[0].name = 'burst-pool-2';
    expect(problemsOf(document(aws))).toEqual([]);
  });

  it("refuses another provider's providerSpec block, at its line", () => {
    const spec = exampleClusterSpec('aws', 'kubeadm');
    const text = document({ ...spec, providerSpec: { gcp: { project: 'p' } } });
    const line = text.split('\n').indexOf('    gcp:') + 1;
    expect(problemsOf(text)).toEqual([
      {
        line,
        field: 'spec.providerSpec.gcp',
        message:
          "providerSpec.gcp is for provider gcp; this spec's provider is aws",
        hint: 'Remove it; aws takes no providerSpec.',
      },
    ]);
  });

  it("refuses a Hetzner region outside HetznerCluster's enum, at its line, listing the ones there are", () => {
    const spec = {
      ...exampleClusterSpec('hetzner', 'kubeadm'),
      region: 'eu-central',
    };
    const text = document(spec);
    expect(problemsOf(text)).toEqual([
      {
        line: text.split('\n').indexOf('  region: eu-central') + 1,
        field: 'spec.region',
        message:
          'hetzner kubeadm clusters take region fsn1, nbg1, hel1, ash, hil, sin; not "eu-central"',
        hint: 'Use one of fsn1, nbg1, hel1, ash, hil, sin. It becomes HetznerCluster spec.controlPlaneRegions[0] (fsn1, nbg1, hel1, ash, hil, sin).',
      },
    ]);
  });

  it('AKS: node pool names AKS accepts', () => {
    const spec = exampleClusterSpec('azure', 'aks');
    spec.nodePools[1].name = 'burst-pool-2';
    expect(problemsOf(document(spec))).toEqual([
      expect.objectContaining({
        field: 'spec.nodePools[1].name',
        message: 'AKS node pool name "burst-pool-2" is not one AKS accepts',
        hint: 'Use at most 12 lower-case letters and digits, starting with a letter, e.g. system or pool1. It becomes AzureManagedMachinePool spec.name.',
      }),
    ]);
  });

  it.each([
    ['nested', 'nested'],
    ['sidero', 'talos'],
  ])(
    '%s %s: no node pools needed, and a listed one is refused with the reason',
    (provider, type) => {
      const spec = exampleClusterSpec(provider, type);
      expect(problemsOf(document(spec))).toEqual([]);
      spec.nodePools = [{ name: 'workers', replicas: 1 }];
      expect(problemsOf(document(spec))).toEqual([
        expect.objectContaining({
          field: 'spec.nodePools',
          message: expect.stringMatching(
            new RegExp(`^${provider} ${type} clusters have no node pools: `),
          ),
          hint: 'Write nodePools: [] (an empty list).',
        }),
      ]);
    },
  );

  it.each(['exoscale', 'baiducloud', 'alibabacloud', 'tencentcloud'])(
    'a spec naming the removed provider %s is told why and what to do',
    provider => {
      const spec = { ...exampleClusterSpec('aws', 'kubeadm'), provider };
      expect(problemsOf(document(spec))).toEqual([
        {
          line: 6,
          field: 'spec.provider',
          message: expect.stringMatching(
            new RegExp(
              `^provider "${provider}" was removed from the catalog: `,
            ),
          ),
          hint: expect.stringContaining('spec.external.server'),
        },
      ]);
    },
  );
});
