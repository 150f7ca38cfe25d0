import type { InfrastructureRenderer } from './types';
import { when } from './types';

/** CAPV v1beta2: the vCenter, the VM template to clone and the port group are required. */
export const vsphere: InfrastructureRenderer = {
  cluster: spec => ({
    server: spec.providerSpec?.vsphere?.server,
    thumbprint: spec.providerSpec?.vsphere?.thumbprint,
  }),
  machine: spec => {
    const v = spec.providerSpec?.vsphere ?? {};
    return {
      server: v.server,
      thumbprint: v.thumbprint,
      datacenter: v.datacenter,
      datastore: v.datastore,
      folder: v.folder,
      resourcePool: v.resourcePool,
      template: v.template,
      numCPUs: v.numCPUs ?? 2,
      memoryMiB: v.memoryMiB ?? 8192,
      diskGiB: v.diskGiB ?? 40,
      network: { devices: [{ networkName: v.network, dhcp4: true }] },
    };
  },
};

export const openstack: InfrastructureRenderer = {
  cluster: spec => {
    const o = spec.providerSpec?.openstack ?? {};
    return {
      identityRef: o.identityRef && { type: 'Secret', ...o.identityRef },
      ...when(o.externalNetworkID, id => ({ externalNetwork: { id } })),
    };
  },
  machine: (spec, machineType) => ({
    flavor: machineType,
    image: { filter: { name: spec.providerSpec?.openstack?.image } },
    sshKeyName: spec.sshKeyName,
  }),
};

export const metal3: InfrastructureRenderer = {
  cluster: () => ({}),
  machine: spec => ({ image: spec.providerSpec?.metal3?.image }),
};

/** A VirtualMachine booting a container disk, sized by a cluster instancetype. */
export const kubevirt: InfrastructureRenderer = {
  cluster: () => ({}),
  machine: (spec, machineType) => ({
    virtualMachineTemplate: {
      spec: {
        runStrategy: 'Always',
        instancetype: {
          kind: 'VirtualMachineClusterInstancetype',
          name: machineType,
        },
        template: {
          spec: {
            domain: {
              devices: {
                disks: [{ name: 'containervolume', disk: { bus: 'virtio' } }],
              },
            },
            evictionStrategy: 'External',
            volumes: [
              {
                name: 'containervolume',
                containerDisk: { image: spec.providerSpec?.kubevirt?.image },
              },
            ],
          },
        },
      },
    },
  }),
};

export const maas: InfrastructureRenderer = {
  cluster: spec => ({ dnsDomain: spec.providerSpec?.maas?.dnsDomain }),
  machine: spec => ({
    image: spec.providerSpec?.maas?.image,
    minCPU: spec.providerSpec?.maas?.minCPU,
    minMemory: spec.providerSpec?.maas?.minMemory,
  }),
};

/** BYOH hosts register themselves; a template selects among them. */
export const byoh: InfrastructureRenderer = {
  cluster: () => ({}),
  machine: () => ({}),
};

/** The Docker provider's machines run a kind node image (customImage). */
export const docker: InfrastructureRenderer = {
  cluster: () => ({}),
  machine: (_spec, machineType) => ({ customImage: machineType }),
};
