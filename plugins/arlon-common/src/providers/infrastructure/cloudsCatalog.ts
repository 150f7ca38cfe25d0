// Catalog entries of the smaller public clouds: DigitalOcean, IBM Cloud, Equinix Metal, Hetzner.
import type { ProviderEntry } from '../providerEntry';
import { infra, kubeadm, github } from './catalogParts';

/** HetznerCluster spec.controlPlaneRegions' enum at v1.1.8. */
const HETZNER_REGIONS = ['fsn1', 'nbg1', 'hel1', 'ash', 'hil', 'sin'];

export const digitaloceanProvider: ProviderEntry = {
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
};

export const ibmcloudProvider: ProviderEntry = {
  id: 'ibmcloud',
  title: 'IBM Cloud VPC (CAPIBM)',
  tier: 2,
  upstream: github('kubernetes-sigs/cluster-api-provider-ibmcloud', 'v0.14.0'),
  infrastructureCluster: infra('v1beta2', 'IBMVPCCluster'),
  machineTemplate: infra('v1beta2', 'IBMVPCMachineTemplate'),
  clusterTypes: {
    kubeadm: kubeadm(
      {
        region: 'IBMVPCCluster spec.region',
        machineType: 'IBMVPCMachineTemplate spec.template.spec.profile',
        sshKeyName: 'IBMVPCMachineTemplate spec.template.spec.sshKeys[0].name',
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
};

export const equinixProvider: ProviderEntry = {
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
};

export const hetznerProvider: ProviderEntry = {
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
};
