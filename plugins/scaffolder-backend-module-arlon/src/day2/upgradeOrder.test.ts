import { renderClusterManifests } from '@arlon-backstage/plugin-arlon-common';
import { upgradeOrder } from './upgradeOrder';

const pools = (machineType: string) => [
  { name: 'workers', machineType, replicas: 2 },
  { name: 'burst', machineType, replicas: 1, autoscaling: { min: 1, max: 5 } },
];
/** One spec per way a version reaches a cluster: ClusterClass, kubeadm objects, EKS, AKS, GKE. */
const SPECS: Record<string, any> = {
  'docker ClusterClass': {
    provider: 'docker',
    type: 'kubeadm',
    controlPlane: { replicas: 1 },
    nodePools: [{ name: 'workers', replicas: 2 }],
  },
  'aws kubeadm': {
    provider: 'aws',
    type: 'kubeadm',
    region: 'eu-west-1',
    sshKeyName: 'ops',
    controlPlane: { replicas: 3, machineType: 'm6i.large' },
    nodePools: pools('m6i.xlarge'),
  },
  'aws eks': {
    provider: 'aws',
    type: 'eks',
    region: 'eu-west-1',
    nodePools: pools('m6i.xlarge'),
  },
  'azure aks': {
    provider: 'azure',
    type: 'aks',
    region: 'westeurope',
    providerSpec: { azure: { identityRef: { name: 'cluster-identity' } } },
    nodePools: pools('Standard_D4s_v5'),
  },
  'gcp gke': {
    provider: 'gcp',
    type: 'gke',
    region: 'europe-west4',
    providerSpec: { gcp: { project: 'acme-fleet' } },
    nodePools: pools('e2-standard-4'),
  },
};

/** Every Kubernetes version a rendered object carries, with where. */
function versions(value: unknown, where: string, found: string[] = []) {
  if (Array.isArray(value))
    value.forEach((v, i) => versions(v, `${where}[${i}]`, found));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value))
      if (
        /^(version|kubernetesVersion)$/.test(key) &&
        typeof v === 'string' &&
        /^v?\d+\.\d+/.test(v)
      )
        found.push(`${where}.${key}=${v}`);
      else versions(v, `${where}.${key}`, found);
  return found;
}

describe('a Kubernetes upgrade and the version-skew policy', () => {
  // Every pool is rendered from the spec's one version, so after the commit no
  // pool is ahead of the control plane or more minors behind it than allowed
  // (EKS takes major.minor, GKE no leading v).
  it.each([
    ['docker ClusterClass', ['Cluster c1.spec.topology.version=v1.31.2']],
    [
      'aws kubeadm',
      [
        'KubeadmControlPlane c1-control-plane.spec.version=v1.31.2',
        'MachineDeployment c1-workers.spec.template.spec.version=v1.31.2',
        'MachineDeployment c1-burst.spec.template.spec.version=v1.31.2',
      ],
    ],
    [
      'aws eks',
      [
        'AWSManagedControlPlane c1-control-plane.spec.version=v1.31',
        'MachinePool c1-workers.spec.template.spec.version=v1.31.2',
        'MachinePool c1-burst.spec.template.spec.version=v1.31.2',
      ],
    ],
    [
      'azure aks',
      [
        'AzureManagedControlPlane c1-control-plane.spec.version=v1.31.2',
        'MachinePool c1-workers.spec.template.spec.version=v1.31.2',
        'MachinePool c1-burst.spec.template.spec.version=v1.31.2',
      ],
    ],
    [
      'gcp gke',
      [
        'GCPManagedControlPlane c1-control-plane.spec.version=1.31.2',
        'MachinePool c1-workers.spec.template.spec.version=v1.31.2',
        'MachinePool c1-burst.spec.template.spec.version=v1.31.2',
      ],
    ],
  ])(
    '%s: the control plane and every node pool carry the one new version',
    (name, expected) => {
      const spec = { ...SPECS[name], kubernetesVersion: 'v1.31.2' };
      expect(
        renderClusterManifests('c1', 'c1', spec).flatMap(o =>
          versions(o, `${o.kind} ${o.metadata.name}`),
        ),
      ).toEqual(expected);
    },
  );

  it('only a ClusterClass topology orders the control plane before the workers', () => {
    const order = (name: string) =>
      upgradeOrder('c1', { ...SPECS[name], kubernetesVersion: 'v1.31.2' });
    expect(order('docker ClusterClass')).toMatch(
      /^Cluster API upgrades the control plane first/,
    );
    for (const name of ['aws kubeadm', 'aws eks', 'azure aks', 'gcp gke'])
      expect(order(name)).toMatch(
        /rolls them at the same time \(no ClusterClass orders it\)/,
      );
  });

  it('a spec it cannot render is not called ordered', () => {
    expect(
      upgradeOrder('c1', { ...SPECS['aws eks'], provider: 'nowhere' }),
    ).toMatch(/no ClusterClass orders it/);
  });
});
