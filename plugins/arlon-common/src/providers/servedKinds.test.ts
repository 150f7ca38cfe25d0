import { stringify } from 'yaml';
import { PROVIDERS } from './catalog';
import { renderClusterManifests } from './renderCluster';
import {
  clusterManifestKinds,
  installHint,
  ServedKinds,
  unservedClusterKinds,
} from './servedKinds';

const eks = {
  provider: 'aws',
  type: 'eks',
  kubernetesVersion: 'v1.30.2',
  region: 'eu-west-1',
  nodePools: [{ name: 'general', machineType: 'm6i.large', replicas: 2 }],
};
const manifests = (name: string) =>
  renderClusterManifests(name, name, eks)
    .map(o => stringify(o))
    .join('---\n');
const definition =
  'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\nspec:\n  clusterSpec: aws-eks\n';
const everything = (managementCluster: string): ServedKinds => ({
  managementCluster,
  served: new Set(clusterManifestKinds().map(k => `${k.apiVersion}/${k.kind}`)),
});

describe('clusterManifestKinds', () => {
  it("holds every kind each provider's cluster types render", () => {
    const keys = new Set(
      clusterManifestKinds().map(k => `${k.apiVersion}/${k.kind}`),
    );
    expect(keys).toContain(
      'controlplane.cluster.x-k8s.io/v1beta2/AWSManagedControlPlane',
    );
    expect(keys).toContain(
      'bootstrap.cluster.x-k8s.io/v1beta1/KubeadmConfigTemplate',
    );
    // (A ClusterClass provider's cluster is a topology: its controller makes the rest.)
    for (const p of PROVIDERS.filter(provider =>
      Object.values(provider.clusterTypes).some(t => !t.clusterClass),
    ))
      expect(keys).toContain(
        `${p.infrastructureCluster.group}/${p.infrastructureCluster.version}/${p.infrastructureCluster.kind}`,
      );
  });
});

describe('unservedClusterKinds', () => {
  it("names the cluster's clusterSpec line, each kind missing and the provider to install", () => {
    const served = everything('prod-management');
    const lacking: ServedKinds = {
      managementCluster: 'prod-management',
      served: new Set(
        [...served.served].filter(k => !k.includes('/AWSManaged')),
      ),
    };
    const problems = unservedClusterKinds(
      {
        'arlon/clusters/qa-1.yaml': definition,
        'generated/clusters/qa-1/cluster.yaml': manifests('qa-1'),
      },
      {},
      [lacking, everything('other')],
    );
    expect(problems.map(p => p.message)).toEqual([
      "Management cluster prod-management does not serve AWSManagedCluster (infrastructure.cluster.x-k8s.io/v1beta2), AWSManagedControlPlane (controlplane.cluster.x-k8s.io/v1beta2), AWSManagedMachinePool (infrastructure.cluster.x-k8s.io/v1beta2), which this cluster's Cluster API manifests need",
    ]);
    expect(problems[0]).toMatchObject({
      file: 'arlon/clusters/qa-1.yaml',
      line: 6,
      column: 3,
      field: 'spec.clusterSpec',
      hint: 'Install the Amazon Web Services (CAPA) provider on it: clusterctl init --infrastructure aws',
    });
  });

  it('finds a definition kept under another file name, and reads it from the head when unchanged', () => {
    const [problem] = unservedClusterKinds(
      { 'generated/clusters/qa-1/cluster.yaml': manifests('qa-1') },
      { 'arlon/clusters/team-a-qa.yaml': definition },
      [{ managementCluster: 'bare', served: new Set() }],
    );
    expect(problem).toMatchObject({
      file: 'arlon/clusters/team-a-qa.yaml',
      line: 6,
    });
  });

  it('checks nothing for unreachable management clusters, deletions or other files', () => {
    expect(
      unservedClusterKinds(
        {
          'generated/clusters/qa-1/cluster.yaml': manifests('qa-1'),
          'generated/clusters/old/cluster.yaml': null,
          'generated/argocd/clusters/qa-1.yaml': 'kind: Application\n',
        },
        {},
        [],
      ),
    ).toEqual([]);
    expect(
      unservedClusterKinds(
        {
          'generated/clusters/old/cluster.yaml': null,
          'generated/values/qa-1/web.yaml': 'apiVersion: x/v1\nkind: Y\n',
        },
        {},
        [{ managementCluster: 'bare', served: new Set() }],
      ),
    ).toEqual([]);
  });
});

describe('installHint', () => {
  it('sends kubeadm kinds to Cluster API core and provider kinds to their provider', () => {
    expect(
      installHint(
        'controlplane.cluster.x-k8s.io/v1beta1',
        'KubeadmControlPlane',
      ),
    ).toMatch(/^Install Cluster API on it: clusterctl init/);
    expect(
      installHint(
        'infrastructure.cluster.x-k8s.io/v1beta1',
        'AzureManagedMachinePool',
      ),
    ).toMatch(/clusterctl init --infrastructure azure$/);
  });

  it('sends the nested control plane’s components to the nested provider, not Cluster API core', () => {
    for (const kind of [
      'NestedControlPlane',
      'NestedEtcd',
      'NestedAPIServer',
      'NestedControllerManager',
    ])
      expect(installHint('controlplane.cluster.x-k8s.io/v1alpha4', kind)).toBe(
        'Install the Nested control planes (CAPN) provider on it: clusterctl init --infrastructure nested',
      );
  });
});
