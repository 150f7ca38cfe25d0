// Catalog entries of on-premises and local providers: vSphere, OpenStack, Metal3, KubeVirt, Docker, MAAS, BYOH.
import type { ProviderEntry } from '../providerEntry';
import { infra, kubeadm, github } from './catalogParts';

export const vsphereProvider: ProviderEntry = {
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
};

export const openstackProvider: ProviderEntry = {
  id: 'openstack',
  title: 'OpenStack (CAPO)',
  tier: 1,
  upstream: github('kubernetes-sigs/cluster-api-provider-openstack', 'v0.14.7'),
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
};

export const metal3Provider: ProviderEntry = {
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
};

export const kubevirtProvider: ProviderEntry = {
  id: 'kubevirt',
  title: 'KubeVirt (CAPK)',
  tier: 1,
  upstream: github('kubernetes-sigs/cluster-api-provider-kubevirt', 'v0.11.2'),
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
};

export const dockerProvider: ProviderEntry = {
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
};

export const maasProvider: ProviderEntry = {
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
};

export const byohProvider: ProviderEntry = {
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
};
