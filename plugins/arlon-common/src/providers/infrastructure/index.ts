import type { ClusterSpecSpec, NodePool } from '../../model/types';
import type { KindRef, ProviderEntry } from '../catalog';
import type { KubeObject } from '../renderCluster';
import { aws } from './aws';
import { azure, azureStackHci } from './azure';
import { digitalocean, equinix, hetzner, ibmcloud } from './clouds';
import { nestedControlPlane, sidero } from './controlPlanes';
import { gcp } from './gcp';
import {
  byoh,
  docker,
  kubevirt,
  maas,
  metal3,
  openstack,
  vsphere,
} from './onPremises';
import { compact, InfrastructureRenderer, MachineRole, Meta } from './types';

export type { MachineRole, Meta } from './types';

/** Every catalog provider's renderer, by provider id (a test checks they match). */
export const RENDERERS: Record<string, InfrastructureRenderer> = {
  aws,
  azure,
  gcp,
  vsphere,
  openstack,
  metal3,
  kubevirt,
  docker,
  azurestackhci: azureStackHci,
  digitalocean,
  ibmcloud,
  equinix,
  nested: nestedControlPlane,
  maas,
  byoh,
  sidero,
  hetzner,
};

function renderer(provider: string): InfrastructureRenderer {
  const found = RENDERERS[provider];
  if (!found) throw new Error(`no renderer for provider "${provider}"`);
  return found;
}

/** The infrastructure cluster's `spec` (AWSCluster, GCPManagedCluster, ...). */
export function infrastructureClusterSpec(
  provider: ProviderEntry,
  spec: ClusterSpecSpec,
): object {
  return compact(renderer(provider.id).cluster(spec));
}

/** An infrastructure machine template's `spec.template.spec`. */
export function machineSpec(
  provider: string,
  machineType: string | undefined,
  spec: ClusterSpecSpec,
  role: MachineRole = 'worker',
): object {
  const machine = renderer(provider).machine;
  if (!machine) throw new Error(`provider "${provider}" has no machines`);
  return compact(machine(spec, machineType, role));
}

/** A managed or provider control plane (EKS, AKS, GKE, Talos, nested) and the objects it refers to. */
export function providerControlPlane(
  provider: ProviderEntry,
  spec: ClusterSpecSpec,
  name: string,
  meta: Meta,
  kind: KindRef,
): KubeObject[] {
  const controlPlane = renderer(provider.id).controlPlane;
  if (!controlPlane)
    throw new Error(
      `provider "${provider.id}" has no control plane of its own`,
    );
  return controlPlane(spec, name, meta, kind).map(o => compact(o));
}

/** A managed node pool's `spec` (AWSManagedMachinePool, AzureManagedMachinePool, GCPManagedMachinePool). */
export function managedPoolSpec(
  provider: ProviderEntry,
  spec: ClusterSpecSpec,
  pool: NodePool,
  index: number,
): object {
  const managedPool = renderer(provider.id).pool;
  if (!managedPool)
    throw new Error(`provider "${provider.id}" has no managed node pools`);
  return compact(managedPool(spec, pool, index));
}
