// Catalog entry of Amazon Web Services (CAPA): kubeadm and EKS.
import type { ProviderEntry } from '../providerEntry';
import { infra, controlPlane, kubeadm, github } from './catalogParts';

export const awsProvider: ProviderEntry = {
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
};
