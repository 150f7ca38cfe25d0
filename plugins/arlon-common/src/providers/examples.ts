import type { ClusterSpecSpec } from '../model/types';
import { findProvider } from './catalog';
import type { ProviderSpec } from './providerSpec';

/**
 * One complete cluster spec per provider and cluster type: every field the
 * catalog requires, with values of the shape the provider expects. The
 * provider rendering and provider field tests use these.
 */
const SETTINGS: Record<
  string,
  {
    region?: string;
    sshKeyName?: string;
    machineTypes?: [string, string];
    providerSpec?: ProviderSpec;
  }
> = {
  aws: {
    region: 'eu-west-1',
    sshKeyName: 'ops',
    machineTypes: ['m6i.large', 'm6i.xlarge'],
  },
  azure: {
    region: 'westeurope',
    machineTypes: ['Standard_D4s_v5', 'Standard_D8s_v5'],
    providerSpec: { azure: { identityRef: { name: 'cluster-identity' } } },
  },
  gcp: {
    region: 'europe-west4',
    machineTypes: ['e2-standard-4', 'e2-standard-8'],
    providerSpec: { gcp: { project: 'acme-fleet' } },
  },
  vsphere: {
    providerSpec: {
      vsphere: {
        server: 'vcenter.example.com',
        template: 'ubuntu-2204-kube-v1.30.0',
        network: 'VM Network',
        datacenter: 'dc1',
      },
    },
  },
  openstack: {
    sshKeyName: 'ops',
    machineTypes: ['m1.large', 'm1.xlarge'],
    providerSpec: {
      openstack: {
        identityRef: { name: 'openstack-cloud-config', cloudName: 'openstack' },
        image: 'ubuntu-2204-kube-v1.30.0',
      },
    },
  },
  metal3: {
    providerSpec: {
      metal3: {
        image: {
          url: 'http://images.example.com/ubuntu-2204-kube-v1.30.0.qcow2',
          checksum:
            'http://images.example.com/ubuntu-2204-kube-v1.30.0.qcow2.sha256sum',
          checksumType: 'sha256',
          diskFormat: 'qcow2',
        },
      },
    },
  },
  kubevirt: {
    machineTypes: ['u1.large', 'u1.xlarge'],
    providerSpec: {
      kubevirt: { image: 'quay.io/capk/ubuntu-2204-container-disk:v1.30.1' },
    },
  },
  docker: { machineTypes: ['kindest/node:v1.30.0', 'kindest/node:v1.30.0'] },
  azurestackhci: {
    region: 'westeurope',
    machineTypes: ['Standard_A4_v2', 'Standard_D4s_v3'],
    providerSpec: {
      azurestackhci: {
        resourceGroup: 'hci-fleet',
        sshPublicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample ops',
      },
    },
  },
  digitalocean: {
    region: 'ams3',
    sshKeyName: '12345678',
    machineTypes: ['s-2vcpu-4gb', 's-4vcpu-8gb'],
    providerSpec: { digitalocean: { image: 'ubuntu-22-04-x64' } },
  },
  ibmcloud: {
    region: 'eu-de',
    sshKeyName: 'ops',
    machineTypes: ['bx2-4x16', 'bx2-8x32'],
    providerSpec: {
      ibmcloud: {
        resourceGroup: 'fleet',
        image: 'capibm-vpc-ubuntu-2204-kube-v1-30-0',
        zone: 'eu-de-1',
      },
    },
  },
  equinix: {
    region: 'am',
    machineTypes: ['c3.small.x86', 'm3.small.x86'],
    providerSpec: {
      equinix: {
        projectID: '3f7a6f31-9a39-4f62-8d48-6e9e9b0f2c11',
        os: 'ubuntu_22_04',
      },
    },
  },
  nested: {},
  maas: {
    providerSpec: {
      maas: {
        dnsDomain: 'maas.example.com',
        image: 'custom/u-2204-0-k-1300-0',
        minCPU: 4,
        minMemory: 8192,
      },
    },
  },
  byoh: {},
  sidero: { providerSpec: { sidero: { serverClass: 'any' } } },
  hetzner: {
    region: 'fsn1',
    sshKeyName: 'ops',
    machineTypes: ['cpx31', 'cpx41'],
    providerSpec: {
      hetzner: {
        hetznerSecretRef: { name: 'hetzner', key: { hcloudToken: 'hcloud' } },
        imageName: 'ubuntu-22.04',
      },
    },
  },
};

/** A valid cluster spec for `provider` and `type`: two pools (the second autoscaled) where the type has pools. */
export function exampleClusterSpec(
  provider: string,
  type: string,
): ClusterSpecSpec {
  const s = SETTINGS[provider];
  if (!s) throw new Error(`no example for provider "${provider}"`);
  const [small, large] = s.machineTypes ?? [undefined, undefined];
  return {
    provider,
    type,
    kubernetesVersion: 'v1.30.2',
    ...(s.region === undefined ? {} : { region: s.region }),
    ...(s.sshKeyName === undefined ? {} : { sshKeyName: s.sshKeyName }),
    ...(s.providerSpec ? { providerSpec: s.providerSpec } : {}),
    // A type without worker pools says so in the catalog (noNodePools).
    nodePools: findProvider(provider)?.clusterTypes[type]?.noNodePools
      ? []
      : [
          {
            name: 'workers',
            ...(small === undefined ? {} : { machineType: small }),
            replicas: 2,
          },
          {
            name: 'burst',
            ...(large === undefined ? {} : { machineType: large }),
            replicas: 1,
            autoscaling: { min: 1, max: 5 },
          },
        ],
  };
}
