import type { ClusterSpecSpec } from '../model/types';

/** A Kubernetes kind at a group and version. */
export interface KindRef {
  group: string;
  version: string;
  kind: string;
}

export const CAPI_GROUP = 'cluster.x-k8s.io';
export const INFRA_GROUP = 'infrastructure.cluster.x-k8s.io';
export const CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io';
export const BOOTSTRAP_GROUP = 'bootstrap.cluster.x-k8s.io';

export type SpecField = keyof Pick<
  ClusterSpecSpec,
  'region' | 'sshKeyName' | 'network' | 'controlPlane'
>;

export interface ClusterTypeEntry {
  /** The control plane's kind: kubeadm's, or a managed service's. */
  controlPlane: KindRef;
  /** Infrastructure cluster kind, when it differs from the provider's default. */
  infrastructureCluster?: KindRef;
  /** Managed node pools (EKS, AKS, GKE): MachinePools of this kind instead of MachineDeployments. */
  managedMachinePool?: KindRef;
  /** Fields a spec of this type must set. */
  requires: SpecField[];
  /** The provider ships a ClusterClass: render the `spec.topology` form against it. */
  clusterClass?: { name: string; workerClass: string };
}

export interface ProviderEntry {
  id: string;
  title: string;
  tier: 1 | 2 | 3;
  infrastructureCluster: KindRef;
  machineTemplate: KindRef;
  clusterTypes: Record<string, ClusterTypeEntry>;
}

const infra = (version: string, kind: string): KindRef => ({
  group: INFRA_GROUP,
  version,
  kind,
});
const kubeadmControlPlane: KindRef = {
  group: CONTROL_PLANE_GROUP,
  version: 'v1beta1',
  kind: 'KubeadmControlPlane',
};
const kubeadm = (
  requires: SpecField[] = [],
  clusterClass?: ClusterTypeEntry['clusterClass'],
): ClusterTypeEntry => ({
  controlPlane: kubeadmControlPlane,
  requires,
  clusterClass,
});

/**
 * Cluster API infrastructure providers, by tier: tier 1 renders complete
 * clusters, tiers 2 and 3 at least Cluster, infrastructure cluster and control
 * plane. Kinds and versions follow each provider's current API.
 */
export const PROVIDERS: ProviderEntry[] = [
  {
    id: 'aws',
    title: 'Amazon Web Services (CAPA)',
    tier: 1,
    infrastructureCluster: infra('v1beta2', 'AWSCluster'),
    machineTemplate: infra('v1beta2', 'AWSMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(['region', 'sshKeyName']),
      eks: {
        controlPlane: {
          group: CONTROL_PLANE_GROUP,
          version: 'v1beta2',
          kind: 'AWSManagedControlPlane',
        },
        infrastructureCluster: infra('v1beta2', 'AWSManagedCluster'),
        managedMachinePool: infra('v1beta2', 'AWSManagedMachinePool'),
        requires: ['region'],
      },
    },
  },
  {
    id: 'azure',
    title: 'Microsoft Azure (CAPZ)',
    tier: 1,
    infrastructureCluster: infra('v1beta1', 'AzureCluster'),
    machineTemplate: infra('v1beta1', 'AzureMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(['region']),
      aks: {
        controlPlane: infra('v1beta1', 'AzureManagedControlPlane'),
        infrastructureCluster: infra('v1beta1', 'AzureManagedCluster'),
        managedMachinePool: infra('v1beta1', 'AzureManagedMachinePool'),
        requires: ['region'],
      },
    },
  },
  {
    id: 'gcp',
    title: 'Google Cloud (CAPG)',
    tier: 1,
    infrastructureCluster: infra('v1beta1', 'GCPCluster'),
    machineTemplate: infra('v1beta1', 'GCPMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(['region']),
      gke: {
        controlPlane: infra('v1beta1', 'GCPManagedControlPlane'),
        infrastructureCluster: infra('v1beta1', 'GCPManagedCluster'),
        managedMachinePool: infra('v1beta1', 'GCPManagedMachinePool'),
        requires: ['region'],
      },
    },
  },
  tier1(
    'vsphere',
    'VMware vSphere (CAPV)',
    'v1beta1',
    'VSphereCluster',
    'VSphereMachineTemplate',
  ),
  tier1(
    'openstack',
    'OpenStack (CAPO)',
    'v1beta1',
    'OpenStackCluster',
    'OpenStackMachineTemplate',
  ),
  tier1(
    'metal3',
    'Metal3 bare metal (CAPM3)',
    'v1beta1',
    'Metal3Cluster',
    'Metal3MachineTemplate',
  ),
  tier1(
    'kubevirt',
    'KubeVirt (CAPK)',
    'v1alpha1',
    'KubevirtCluster',
    'KubevirtMachineTemplate',
  ),
  {
    id: 'docker',
    title: 'Docker, for local clusters (CAPD)',
    tier: 1,
    infrastructureCluster: infra('v1beta1', 'DockerCluster'),
    machineTemplate: infra('v1beta1', 'DockerMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm([], {
        name: 'quick-start',
        workerClass: 'default-worker',
      }),
    },
  },
  other(
    2,
    'digitalocean',
    'DigitalOcean (CAPDO)',
    'v1beta1',
    'DOCluster',
    'DOMachineTemplate',
  ),
  other(
    2,
    'ibmcloud',
    'IBM Cloud VPC (CAPIBM)',
    'v1beta2',
    'IBMVPCCluster',
    'IBMVPCMachineTemplate',
  ),
  other(
    2,
    'equinix',
    'Equinix Metal (CAPP)',
    'v1beta1',
    'PacketCluster',
    'PacketMachineTemplate',
  ),
  {
    id: 'nested',
    title: 'Nested control planes (CAPN)',
    tier: 2,
    infrastructureCluster: infra('v1alpha4', 'NestedCluster'),
    machineTemplate: infra('v1alpha4', 'NestedMachineTemplate'),
    clusterTypes: {
      nested: {
        controlPlane: {
          group: CONTROL_PLANE_GROUP,
          version: 'v1alpha4',
          kind: 'NestedControlPlane',
        },
        requires: [],
      },
    },
  },
  other(
    2,
    'maas',
    'Canonical MAAS',
    'v1beta1',
    'MaasCluster',
    'MaasMachineTemplate',
  ),
  other(
    3,
    'byoh',
    'Bring your own host (BYOH)',
    'v1beta1',
    'ByoCluster',
    'ByoMachineTemplate',
  ),
  other(
    3,
    'exoscale',
    'Exoscale',
    'v1beta1',
    'ExoscaleCluster',
    'ExoscaleMachineTemplate',
  ),
  {
    id: 'sidero',
    title: 'Sidero bare metal (Talos)',
    tier: 3,
    infrastructureCluster: infra('v1alpha3', 'MetalCluster'),
    machineTemplate: infra('v1alpha3', 'MetalMachineTemplate'),
    clusterTypes: {
      talos: {
        controlPlane: {
          group: CONTROL_PLANE_GROUP,
          version: 'v1alpha3',
          kind: 'TalosControlPlane',
        },
        requires: [],
      },
    },
  },
  other(
    3,
    'hetzner',
    'Hetzner (CAPH)',
    'v1beta1',
    'HetznerCluster',
    'HCloudMachineTemplate',
    ['region'],
  ),
  other(
    3,
    'baiducloud',
    'Baidu Cloud',
    'v1beta1',
    'BCCCluster',
    'BCCMachineTemplate',
    ['region'],
  ),
  other(
    3,
    'alibabacloud',
    'Alibaba Cloud',
    'v1beta1',
    'AlibabaCloudCluster',
    'AlibabaCloudMachineTemplate',
    ['region'],
  ),
  other(
    3,
    'tencentcloud',
    'Tencent Cloud',
    'v1beta1',
    'TencentCloudCluster',
    'TencentCloudMachineTemplate',
    ['region'],
  ),
];

function tier1(
  id: string,
  title: string,
  version: string,
  cluster: string,
  template: string,
): ProviderEntry {
  return other(1, id, title, version, cluster, template);
}

function other(
  tier: 1 | 2 | 3,
  id: string,
  title: string,
  version: string,
  cluster: string,
  template: string,
  requires: SpecField[] = [],
): ProviderEntry {
  return {
    id,
    title,
    tier,
    infrastructureCluster: infra(version, cluster),
    machineTemplate: infra(version, template),
    clusterTypes: { kubeadm: kubeadm(requires) },
  };
}

export function findProvider(id: string): ProviderEntry | undefined {
  return PROVIDERS.find(p => p.id === id);
}

/**
 * The plural Kubernetes resource name of a kind, as the provider CRDs spell it
 * (`AWSCluster` → `awsclusters`, `MachineClass` → `machineclasses`), so CRD
 * names (`<plural>.<group>`) can be derived from the catalog.
 */
export function crdPlural(kind: string): string {
  const lower = kind.toLowerCase();
  if (/(s|x|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}
