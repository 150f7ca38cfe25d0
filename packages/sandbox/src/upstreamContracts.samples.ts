import type { ClusterSpecSpec } from '@arlon-backstage/plugin-arlon-common';

/**
 * Values a person would write for each cluster spec field, per provider
 * where the upstream CRD constrains them (Hetzner's machine types are an
 * enum, regions differ by cloud). A catalog field with no sample here fails
 * the contract test with the path to add.
 */
const REGION: Record<string, string> = {
  aws: 'eu-west-1',
  azure: 'westeurope',
  azurestackhci: 'westeurope',
  gcp: 'europe-west1',
  digitalocean: 'nyc1',
  hetzner: 'fsn1',
  ibmcloud: 'eu-de',
  equinix: 'da',
};
const MACHINE_TYPE: Record<string, string> = {
  aws: 't3.large',
  azure: 'Standard_D4s_v3',
  azurestackhci: 'Default',
  gcp: 'n2-standard-4',
  digitalocean: 's-2vcpu-4gb',
  hetzner: 'cpx31',
  ibmcloud: 'bx2-4x16',
  equinix: 'c3.small.x86',
};
const UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const PROVIDER_SPEC: Record<string, unknown> = {
  'azure.identityRef': { name: 'cluster-identity', namespace: 'capz-system' },
  'azure.subscriptionID': UUID,
  'azure.resourceGroup': 'rg-fleet',
  'azurestackhci.resourceGroup': 'rg-hci',
  'azurestackhci.sshPublicKey': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBm ops',
  'gcp.project': 'fleet-project',
  'vsphere.server': 'vcenter.example.com',
  'vsphere.thumbprint':
    '5E:3B:2C:1D:0A:9F:8E:7D:6C:5B:4A:39:28:17:06:F5:E4:D3:C2:B1',
  'vsphere.template': 'ubuntu-2204-kube-v1.29.4',
  'vsphere.network': 'VM Network',
  'vsphere.datacenter': 'dc1',
  'vsphere.datastore': 'ds1',
  'vsphere.folder': 'fleet',
  'vsphere.resourcePool': 'pool-1',
  'vsphere.numCPUs': 4,
  'vsphere.memoryMiB': 8192,
  'vsphere.diskGiB': 40,
  'openstack.identityRef': {
    name: 'openstack-cloud-config',
    cloudName: 'openstack',
  },
  'openstack.image': 'ubuntu-2204-kube-v1.29.4',
  'openstack.externalNetworkID': UUID,
  'metal3.image': {
    url: 'http://images.example.com/ubuntu-2204.qcow2',
    checksum: 'http://images.example.com/ubuntu-2204.qcow2.sha256sum',
    checksumType: 'sha256',
    diskFormat: 'qcow2',
  },
  'kubevirt.image': 'quay.io/capk/ubuntu-2204-container-disk:v1.29.4',
  'digitalocean.image': 'ubuntu-22-04-x64',
  'ibmcloud.resourceGroup': 'fleet-rg',
  'ibmcloud.image': 'ibm-ubuntu-22-04-minimal-amd64-1',
  'ibmcloud.zone': 'eu-de-1',
  'equinix.projectID': UUID,
  'equinix.os': 'ubuntu_22_04',
  'maas.dnsDomain': 'maas.example.com',
  'maas.image': 'ubuntu/jammy',
  'maas.minCPU': 4,
  'maas.minMemory': 8192,
  'hetzner.hetznerSecretRef': {
    name: 'hetzner',
    key: { hcloudToken: 'hcloud' },
  },
  'hetzner.imageName': 'ubuntu-22.04',
  'sidero.serverClass': 'any',
};

/** A spec that sets every field a provider's cluster type maps, with plausible values. */
export function representativeSpec(
  provider: string,
  type: string,
  fields: string[],
  noNodePools: boolean,
): ClusterSpecSpec {
  const has = (f: string) => fields.includes(f);
  const machineType = has('machineType')
    ? { machineType: MACHINE_TYPE[provider] ?? 'large' }
    : {};
  const providerSpec: Record<string, Record<string, unknown>> = {};
  for (const field of fields.filter(f => f.startsWith('providerSpec.'))) {
    const path = field.slice('providerSpec.'.length);
    if (!(path in PROVIDER_SPEC))
      throw new Error(
        `${provider}/${type}: the catalog maps ${field}; add a sample value for "${path}" to PROVIDER_SPEC in upstreamContracts.samples.ts`,
      );
    const [id, name] = path.split('.');
    providerSpec[id] = { ...providerSpec[id], [name]: PROVIDER_SPEC[path] };
  }
  return {
    provider,
    type,
    kubernetesVersion: 'v1.29.4',
    ...(has('region') ? { region: REGION[provider] ?? 'region-1' } : {}),
    ...(has('sshKeyName') ? { sshKeyName: 'ops' } : {}),
    controlPlane: { replicas: 3, ...machineType },
    network: {
      ...(has('network.vpcId') ? { vpcId: 'vpc-0a1b2c3d4e5f60718' } : {}),
      podCidrs: ['192.168.0.0/16'],
      serviceCidrs: ['10.128.0.0/12'],
    },
    nodePools: noNodePools
      ? []
      : [
          { name: 'workers', replicas: 2, ...machineType },
          {
            name: 'burst',
            replicas: 1,
            autoscaling: { min: 1, max: 5 },
            ...machineType,
          },
        ],
    ...(Object.keys(providerSpec).length
      ? { providerSpec: providerSpec as ClusterSpecSpec['providerSpec'] }
      : {}),
  };
}
