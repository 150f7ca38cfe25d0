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

/**
 * A cluster spec field, as a path: the generic ones every provider may map
 * (`region`, `sshKeyName`, `machineType` for node pools and the control
 * plane, `network.vpcId`) or `providerSpec.<provider>.<field>`.
 */
export type SpecPath = string;
/** The generic fields: a provider that does not map one refuses it. */
export const GENERIC_FIELDS = [
  'region',
  'sshKeyName',
  'machineType',
  'network.vpcId',
] as const;

export interface ClusterTypeEntry {
  /** The control plane's kind: kubeadm's, or a managed service's. */
  controlPlane: KindRef;
  /** Infrastructure cluster kind, when it differs from the provider's default. */
  infrastructureCluster?: KindRef;
  /** Managed node pools (EKS, AKS, GKE): MachinePools of this kind instead of MachineDeployments. */
  managedMachinePool?: KindRef;
  /** Every spec field this type writes, with the upstream field it becomes. */
  fields: Record<SpecPath, string>;
  /** Of `fields`, those a spec must set (the upstream CRD requires them). */
  requires: SpecPath[];
  /** Fields whose upstream field is an enum: the values it takes. */
  values?: Record<SpecPath, string[]>;
  /** Worker pools are not rendered for this type (say why): `nodePools` must be empty. */
  noNodePools?: string;
  /** The provider ships a ClusterClass: render the `spec.topology` form against it. */
  clusterClass?: { name: string; workerClass: string };
  /** Kinds the control plane is made of, rendered beside it and served by the same provider. */
  components?: KindRef[];
}

export interface ProviderEntry {
  id: string;
  title: string;
  tier: 1 | 2 | 3;
  /** The repository whose CRDs the kinds and fields were checked against, at release `release`. */
  upstream: { repository: string; release: string };
  infrastructureCluster: KindRef;
  /** Absent where the provider has no machines of its own (nested control planes). */
  machineTemplate?: KindRef;
  clusterTypes: Record<string, ClusterTypeEntry>;
}

const infra = (version: string, kind: string): KindRef => ({
  group: INFRA_GROUP,
  version,
  kind,
});
const controlPlane = (version: string, kind: string): KindRef => ({
  group: CONTROL_PLANE_GROUP,
  version,
  kind,
});
/** Kubeadm's control plane; its version follows Cluster API's (capi/core.ts). */
const kubeadmControlPlane: KindRef = controlPlane(
  'v1beta1',
  'KubeadmControlPlane',
);
const kubeadm = (
  fields: Record<SpecPath, string>,
  requires: SpecPath[],
  clusterClass?: ClusterTypeEntry['clusterClass'],
): ClusterTypeEntry => ({
  controlPlane: kubeadmControlPlane,
  fields,
  requires,
  clusterClass,
});
/** HetznerCluster spec.controlPlaneRegions' enum at v1.1.8. */
const HETZNER_REGIONS = ['fsn1', 'nbg1', 'hel1', 'ash', 'hil', 'sin'];
const github = (repo: string, release: string) => ({
  repository: `https://github.com/${repo}`,
  release,
});

/**
 * Cluster API infrastructure providers, by tier: tier 1 renders complete
 * clusters, tiers 2 and 3 at least Cluster, infrastructure cluster and control
 * plane. Kinds are each provider's storage version at `upstream.release`;
 * `fields` say where each spec field lands, `requires` what the CRDs require
 * (docs/fleet-repository.md has the same table for people).
 */
export const PROVIDERS: ProviderEntry[] = [
  {
    id: 'aws',
    title: 'Amazon Web Services (CAPA)',
    tier: 1,
    upstream: github('kubernetes-sigs/cluster-api-provider-aws', 'v2.11.1'),
    infrastructureCluster: infra('v1beta2', 'AWSCluster'),
    machineTemplate: infra('v1beta2', 'AWSMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region: 'AWSCluster spec.region',
          sshKeyName: 'AWSCluster and AWSMachineTemplate spec.sshKeyName',
          machineType: 'AWSMachineTemplate spec.template.spec.instanceType',
          'network.vpcId': 'AWSCluster spec.network.vpc.id',
        },
        ['region', 'sshKeyName', 'machineType'],
      ),
      eks: {
        controlPlane: controlPlane('v1beta2', 'AWSManagedControlPlane'),
        infrastructureCluster: infra('v1beta2', 'AWSManagedCluster'),
        managedMachinePool: infra('v1beta2', 'AWSManagedMachinePool'),
        fields: {
          region: 'AWSManagedControlPlane spec.region',
          sshKeyName: 'AWSManagedControlPlane spec.sshKeyName',
          machineType: 'AWSManagedMachinePool spec.instanceType',
          'network.vpcId': 'AWSManagedControlPlane spec.network.vpc.id',
        },
        requires: ['region', 'machineType'],
      },
    },
  },
  {
    id: 'azure',
    title: 'Microsoft Azure (CAPZ)',
    tier: 1,
    upstream: github('kubernetes-sigs/cluster-api-provider-azure', 'v1.26.0'),
    infrastructureCluster: infra('v1beta1', 'AzureCluster'),
    machineTemplate: infra('v1beta1', 'AzureMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region: 'AzureCluster spec.location',
          machineType: 'AzureMachineTemplate spec.template.spec.vmSize',
          'providerSpec.azure.resourceGroup':
            'AzureCluster spec.resourceGroup (default arlon-<region>)',
          'providerSpec.azure.subscriptionID':
            'AzureCluster spec.subscriptionID',
          'providerSpec.azure.identityRef':
            'AzureCluster spec.identityRef (an AzureClusterIdentity)',
        },
        ['region', 'machineType'],
      ),
      // CAPZ marks the AzureManaged* kinds deprecated in favour of the
      // AzureASOManaged* ones; they are served and supported at this release.
      aks: {
        controlPlane: infra('v1beta1', 'AzureManagedControlPlane'),
        infrastructureCluster: infra('v1beta1', 'AzureManagedCluster'),
        managedMachinePool: infra('v1beta1', 'AzureManagedMachinePool'),
        fields: {
          region: 'AzureManagedControlPlane spec.location',
          machineType:
            'AzureManagedMachinePool spec.sku (the first pool is the System pool, mode: System)',
          'providerSpec.azure.identityRef':
            'AzureManagedControlPlane spec.identityRef (an AzureClusterIdentity)',
          'providerSpec.azure.resourceGroup':
            'AzureManagedControlPlane spec.resourceGroupName (default arlon-<region>)',
          'providerSpec.azure.subscriptionID':
            'AzureManagedControlPlane spec.subscriptionID',
        },
        requires: ['region', 'machineType', 'providerSpec.azure.identityRef'],
      },
    },
  },
  {
    id: 'gcp',
    title: 'Google Cloud (CAPG)',
    tier: 1,
    upstream: github('kubernetes-sigs/cluster-api-provider-gcp', 'v1.12.0'),
    infrastructureCluster: infra('v1beta1', 'GCPCluster'),
    machineTemplate: infra('v1beta1', 'GCPMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region: 'GCPCluster spec.region',
          machineType: 'GCPMachineTemplate spec.template.spec.instanceType',
          'network.vpcId': 'GCPCluster spec.network.name (default default)',
          'providerSpec.gcp.project': 'GCPCluster spec.project',
        },
        ['region', 'machineType', 'providerSpec.gcp.project'],
      ),
      gke: {
        controlPlane: infra('v1beta1', 'GCPManagedControlPlane'),
        infrastructureCluster: infra('v1beta1', 'GCPManagedCluster'),
        managedMachinePool: infra('v1beta1', 'GCPManagedMachinePool'),
        fields: {
          region:
            'GCPManagedCluster spec.region and GCPManagedControlPlane spec.location',
          machineType: 'GCPManagedMachinePool spec.machineType',
          'network.vpcId': 'GCPManagedCluster spec.network.name',
          'providerSpec.gcp.project':
            'GCPManagedCluster and GCPManagedControlPlane spec.project',
        },
        requires: ['region', 'machineType', 'providerSpec.gcp.project'],
      },
    },
  },
  {
    id: 'vsphere',
    title: 'VMware vSphere (CAPV)',
    tier: 1,
    upstream: github('kubernetes-sigs/cluster-api-provider-vsphere', 'v1.16.1'),
    infrastructureCluster: infra('v1beta2', 'VSphereCluster'),
    machineTemplate: infra('v1beta2', 'VSphereMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          'providerSpec.vsphere.server':
            'VSphereCluster spec.server and VSphereMachineTemplate spec.template.spec.server',
          'providerSpec.vsphere.thumbprint':
            'VSphereCluster spec.thumbprint and VSphereMachineTemplate spec.template.spec.thumbprint',
          'providerSpec.vsphere.template':
            'VSphereMachineTemplate spec.template.spec.template (the VM template to clone)',
          'providerSpec.vsphere.network':
            'VSphereMachineTemplate spec.template.spec.network.devices[0].networkName',
          'providerSpec.vsphere.datacenter':
            'VSphereMachineTemplate spec.template.spec.datacenter',
          'providerSpec.vsphere.datastore':
            'VSphereMachineTemplate spec.template.spec.datastore',
          'providerSpec.vsphere.folder':
            'VSphereMachineTemplate spec.template.spec.folder',
          'providerSpec.vsphere.resourcePool':
            'VSphereMachineTemplate spec.template.spec.resourcePool',
          'providerSpec.vsphere.numCPUs':
            'VSphereMachineTemplate spec.template.spec.numCPUs (default 2)',
          'providerSpec.vsphere.memoryMiB':
            'VSphereMachineTemplate spec.template.spec.memoryMiB (default 8192)',
          'providerSpec.vsphere.diskGiB':
            'VSphereMachineTemplate spec.template.spec.diskGiB (default 40)',
        },
        [
          'providerSpec.vsphere.server',
          'providerSpec.vsphere.template',
          'providerSpec.vsphere.network',
        ],
      ),
    },
  },
  {
    id: 'openstack',
    title: 'OpenStack (CAPO)',
    tier: 1,
    upstream: github(
      'kubernetes-sigs/cluster-api-provider-openstack',
      'v0.14.7',
    ),
    infrastructureCluster: infra('v1beta1', 'OpenStackCluster'),
    machineTemplate: infra('v1beta1', 'OpenStackMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          machineType: 'OpenStackMachineTemplate spec.template.spec.flavor',
          sshKeyName: 'OpenStackMachineTemplate spec.template.spec.sshKeyName',
          'providerSpec.openstack.identityRef':
            'OpenStackCluster spec.identityRef (a clouds.yaml Secret and its cloud)',
          'providerSpec.openstack.image':
            'OpenStackMachineTemplate spec.template.spec.image.filter.name',
          'providerSpec.openstack.externalNetworkID':
            'OpenStackCluster spec.externalNetwork.id',
        },
        [
          'machineType',
          'providerSpec.openstack.identityRef',
          'providerSpec.openstack.image',
        ],
      ),
    },
  },
  {
    id: 'metal3',
    title: 'Metal3 bare metal (CAPM3)',
    tier: 1,
    upstream: github('metal3-io/cluster-api-provider-metal3', 'v1.13.2'),
    infrastructureCluster: infra('v1beta2', 'Metal3Cluster'),
    machineTemplate: infra('v1beta2', 'Metal3MachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          'providerSpec.metal3.image':
            'Metal3MachineTemplate spec.template.spec.image (url, checksum)',
        },
        ['providerSpec.metal3.image'],
      ),
    },
  },
  {
    id: 'kubevirt',
    title: 'KubeVirt (CAPK)',
    tier: 1,
    upstream: github(
      'kubernetes-sigs/cluster-api-provider-kubevirt',
      'v0.11.2',
    ),
    infrastructureCluster: infra('v1alpha1', 'KubevirtCluster'),
    machineTemplate: infra('v1alpha1', 'KubevirtMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          machineType:
            'KubevirtMachineTemplate spec.template.spec.virtualMachineTemplate.spec.instancetype.name (a VirtualMachineClusterInstancetype)',
          'providerSpec.kubevirt.image':
            'KubevirtMachineTemplate spec.template.spec.virtualMachineTemplate.spec.template.spec.volumes[0].containerDisk.image',
        },
        ['machineType', 'providerSpec.kubevirt.image'],
      ),
    },
  },
  {
    id: 'docker',
    title: 'Docker, for local clusters (CAPD)',
    tier: 1,
    upstream: github('kubernetes-sigs/cluster-api', 'v1.14.0'),
    infrastructureCluster: infra('v1beta1', 'DockerCluster'),
    machineTemplate: infra('v1beta1', 'DockerMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          machineType:
            'DockerMachineTemplate spec.template.spec.customImage (a kind node image)',
        },
        [],
        { name: 'quick-start', workerClass: 'default-worker' },
      ),
    },
  },
  {
    id: 'azurestackhci',
    title: 'Azure Stack HCI',
    tier: 1,
    upstream: github('microsoft/cluster-api-provider-azurestackhci', 'v1.3.2'),
    infrastructureCluster: infra('v1beta2', 'AzureStackHCICluster'),
    machineTemplate: infra('v1beta2', 'AzureStackHCIMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region:
            'AzureStackHCICluster spec.location and AzureStackHCIMachineTemplate spec.template.spec.location',
          machineType: 'AzureStackHCIMachineTemplate spec.template.spec.vmSize',
          'providerSpec.azurestackhci.resourceGroup':
            'AzureStackHCICluster spec.resourceGroup',
          'providerSpec.azurestackhci.sshPublicKey':
            'AzureStackHCIMachineTemplate spec.template.spec.sshPublicKey',
        },
        [
          'region',
          'machineType',
          'providerSpec.azurestackhci.resourceGroup',
          'providerSpec.azurestackhci.sshPublicKey',
        ],
      ),
    },
  },
  {
    id: 'digitalocean',
    title: 'DigitalOcean (CAPDO)',
    tier: 2,
    upstream: github(
      'kubernetes-sigs/cluster-api-provider-digitalocean',
      'v1.6.0',
    ),
    infrastructureCluster: infra('v1beta1', 'DOCluster'),
    machineTemplate: infra('v1beta1', 'DOMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region: 'DOCluster spec.region',
          machineType: 'DOMachineTemplate spec.template.spec.size',
          sshKeyName:
            'DOMachineTemplate spec.template.spec.sshKeys[0] (the key ID or fingerprint)',
          'providerSpec.digitalocean.image':
            'DOMachineTemplate spec.template.spec.image (slug or ID)',
        },
        [
          'region',
          'machineType',
          'sshKeyName',
          'providerSpec.digitalocean.image',
        ],
      ),
    },
  },
  {
    id: 'ibmcloud',
    title: 'IBM Cloud VPC (CAPIBM)',
    tier: 2,
    upstream: github(
      'kubernetes-sigs/cluster-api-provider-ibmcloud',
      'v0.14.0',
    ),
    infrastructureCluster: infra('v1beta2', 'IBMVPCCluster'),
    machineTemplate: infra('v1beta2', 'IBMVPCMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region: 'IBMVPCCluster spec.region',
          machineType: 'IBMVPCMachineTemplate spec.template.spec.profile',
          sshKeyName:
            'IBMVPCMachineTemplate spec.template.spec.sshKeys[0].name',
          'providerSpec.ibmcloud.resourceGroup':
            'IBMVPCCluster spec.resourceGroup',
          'providerSpec.ibmcloud.image':
            'IBMVPCMachineTemplate spec.template.spec.image.name',
          'providerSpec.ibmcloud.zone':
            'IBMVPCCluster spec.zone and IBMVPCMachineTemplate spec.template.spec.zone',
        },
        [
          'region',
          'machineType',
          'providerSpec.ibmcloud.resourceGroup',
          'providerSpec.ibmcloud.image',
          'providerSpec.ibmcloud.zone',
        ],
      ),
    },
  },
  {
    id: 'equinix',
    title: 'Equinix Metal (CAPP)',
    tier: 2,
    upstream: github('kubernetes-sigs/cluster-api-provider-packet', 'v0.9.0'),
    infrastructureCluster: infra('v1beta1', 'PacketCluster'),
    machineTemplate: infra('v1beta1', 'PacketMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          region: 'PacketCluster spec.metro',
          machineType: 'PacketMachineTemplate spec.template.spec.machineType',
          'providerSpec.equinix.projectID': 'PacketCluster spec.projectID',
          'providerSpec.equinix.os':
            'PacketMachineTemplate spec.template.spec.os',
        },
        [
          'region',
          'machineType',
          'providerSpec.equinix.projectID',
          'providerSpec.equinix.os',
        ],
      ),
    },
  },
  {
    id: 'nested',
    title: 'Nested control planes (CAPN)',
    tier: 2,
    upstream: github('kubernetes-sigs/cluster-api-provider-nested', 'v0.1.0'),
    infrastructureCluster: infra('v1alpha4', 'NestedCluster'),
    clusterTypes: {
      nested: {
        controlPlane: controlPlane('v1alpha4', 'NestedControlPlane'),
        components: [
          controlPlane('v1alpha4', 'NestedEtcd'),
          controlPlane('v1alpha4', 'NestedAPIServer'),
          controlPlane('v1alpha4', 'NestedControllerManager'),
        ],
        fields: {},
        requires: [],
        noNodePools:
          'a nested cluster runs its control plane (NestedEtcd, NestedAPIServer, NestedControllerManager) as pods of the management cluster and has no machines',
      },
    },
  },
  {
    id: 'maas',
    title: 'Canonical MAAS',
    tier: 2,
    upstream: github('spectrocloud/cluster-api-provider-maas', 'v0.9.0'),
    infrastructureCluster: infra('v1beta1', 'MaasCluster'),
    machineTemplate: infra('v1beta1', 'MaasMachineTemplate'),
    clusterTypes: {
      kubeadm: kubeadm(
        {
          'providerSpec.maas.dnsDomain': 'MaasCluster spec.dnsDomain',
          'providerSpec.maas.image':
            'MaasMachineTemplate spec.template.spec.image',
          'providerSpec.maas.minCPU':
            'MaasMachineTemplate spec.template.spec.minCPU',
          'providerSpec.maas.minMemory':
            'MaasMachineTemplate spec.template.spec.minMemory (MiB)',
        },
        [
          'providerSpec.maas.dnsDomain',
          'providerSpec.maas.image',
          'providerSpec.maas.minCPU',
          'providerSpec.maas.minMemory',
        ],
      ),
    },
  },
  {
    id: 'byoh',
    title: 'Bring your own host (BYOH)',
    tier: 3,
    upstream: github(
      'vmware-tanzu/cluster-api-provider-bringyourownhost',
      'v0.5.0',
    ),
    infrastructureCluster: infra('v1beta1', 'ByoCluster'),
    machineTemplate: infra('v1beta1', 'ByoMachineTemplate'),
    clusterTypes: { kubeadm: kubeadm({}, []) },
  },
  {
    id: 'sidero',
    title: 'Sidero bare metal (Talos)',
    tier: 3,
    upstream: github('siderolabs/sidero', 'v0.6.13'),
    infrastructureCluster: infra('v1alpha3', 'MetalCluster'),
    machineTemplate: infra('v1alpha3', 'MetalMachineTemplate'),
    clusterTypes: {
      talos: {
        // siderolabs/cluster-api-control-plane-provider-talos v0.5.12
        controlPlane: controlPlane('v1alpha3', 'TalosControlPlane'),
        fields: {
          'providerSpec.sidero.serverClass':
            'MetalMachineTemplate spec.template.spec.serverClassRef.name (default any)',
        },
        requires: [],
        noNodePools:
          "worker machines need the Talos bootstrap provider's TalosConfigTemplate, which Arlon does not render yet; this type builds the control plane",
      },
    },
  },
  {
    id: 'hetzner',
    title: 'Hetzner Cloud (CAPH)',
    tier: 3,
    upstream: github('syself/cluster-api-provider-hetzner', 'v1.1.8'),
    infrastructureCluster: infra('v1beta1', 'HetznerCluster'),
    machineTemplate: infra('v1beta1', 'HCloudMachineTemplate'),
    clusterTypes: {
      kubeadm: {
        ...kubeadm(
          {
            region:
              'HetznerCluster spec.controlPlaneRegions[0] (fsn1, nbg1, hel1, ash, hil, sin)',
            machineType: 'HCloudMachineTemplate spec.template.spec.type',
            sshKeyName: 'HetznerCluster spec.sshKeys.hcloud[0].name',
            'providerSpec.hetzner.hetznerSecretRef':
              'HetznerCluster spec.hetznerSecretRef (the Secret with the HCloud token)',
            'providerSpec.hetzner.imageName':
              'HCloudMachineTemplate spec.template.spec.imageName',
          },
          [
            'region',
            'machineType',
            'sshKeyName',
            'providerSpec.hetzner.hetznerSecretRef',
          ],
        ),
        values: { region: HETZNER_REGIONS },
      },
    },
  },
];

/**
 * Providers the catalog once listed and no maintained Cluster API provider
 * publishes (checked upstream, docs/fleet-repository.md): a spec naming one
 * is told so, and what to do instead.
 */
export const REMOVED_PROVIDERS: Record<string, string> = {
  exoscale:
    'exoscale/cluster-api-provider-exoscale stopped in 2019 at the v1alpha1 providerSpec API (no ExoscaleCluster kind, no release for Cluster API v1beta1)',
  baiducloud:
    'baidu/cluster-api-provider-baiducloud stopped in 2018 at the v1alpha1 providerConfig API and never published BCCCluster or BCCMachineTemplate',
  alibabacloud:
    'no Cluster API provider publishes AlibabaCloudCluster; AliyunContainerService/cluster-api-provider-alibabacloud is an OpenShift Machine API provider (machine.openshift.io)',
  tencentcloud:
    'no Cluster API provider publishes TencentCloudCluster; TencentCloud/cluster-api-provider-tencent has only an unreleased TKECluster experiment (last change 2022)',
};

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

/** The provider's machine template kind; only providers with machines are asked (validation keeps the others out). */
export function machineTemplateOf(provider: ProviderEntry): KindRef {
  if (!provider.machineTemplate)
    throw new Error(`provider "${provider.id}" has no machines`);
  return provider.machineTemplate;
}
