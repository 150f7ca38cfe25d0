// Catalog entries of the Azure family: Azure (CAPZ, kubeadm and AKS) and Azure Stack HCI.
import type { ProviderEntry } from '../providerEntry';
import { infra, kubeadm, github } from './catalogParts';

export const azureProvider: ProviderEntry = {
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
        'providerSpec.azure.subscriptionID': 'AzureCluster spec.subscriptionID',
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
};

export const azureStackHciProvider: ProviderEntry = {
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
};
