// Catalog entry of Google Cloud (CAPG): kubeadm and GKE.
import type { ProviderEntry } from '../providerEntry';
import { infra, kubeadm, github } from './catalogParts';

export const gcpProvider: ProviderEntry = {
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
};
