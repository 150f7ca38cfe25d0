import type { InfrastructureRenderer } from './types';
import { when } from './types';

export const digitalocean: InfrastructureRenderer = {
  cluster: spec => ({ region: spec.region }),
  machine: (spec, machineType) => ({
    size: machineType,
    image: spec.providerSpec?.digitalocean?.image,
    sshKeys: spec.sshKeyName === undefined ? undefined : [spec.sshKeyName],
  }),
};

export const ibmcloud: InfrastructureRenderer = {
  cluster: spec => ({
    region: spec.region,
    resourceGroup: spec.providerSpec?.ibmcloud?.resourceGroup,
    zone: spec.providerSpec?.ibmcloud?.zone,
  }),
  machine: (spec, machineType) => ({
    profile: machineType,
    zone: spec.providerSpec?.ibmcloud?.zone,
    image: { name: spec.providerSpec?.ibmcloud?.image },
    ...when(spec.sshKeyName, name => ({ sshKeys: [{ name }] })),
  }),
};

/** Equinix Metal (CAPP, the Packet provider): the metro is the region. */
export const equinix: InfrastructureRenderer = {
  cluster: spec => ({
    projectID: spec.providerSpec?.equinix?.projectID,
    metro: spec.region,
    vipManager: 'CPEM',
  }),
  machine: (spec, machineType) => ({
    machineType,
    os: spec.providerSpec?.equinix?.os,
  }),
};

export const hetzner: InfrastructureRenderer = {
  cluster: spec => ({
    controlPlaneRegions: spec.region === undefined ? undefined : [spec.region],
    hetznerSecretRef: spec.providerSpec?.hetzner?.hetznerSecretRef,
    sshKeys: {
      hcloud: spec.sshKeyName === undefined ? [] : [{ name: spec.sshKeyName }],
    },
  }),
  machine: (spec, machineType) => ({
    type: machineType,
    imageName: spec.providerSpec?.hetzner?.imageName,
  }),
};
