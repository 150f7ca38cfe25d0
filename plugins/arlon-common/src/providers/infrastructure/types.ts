import type { ClusterSpecSpec, NodePool } from '../../model/types';
import type { KindRef } from '../catalog';
import type { KubeObject } from '../renderCluster';

export type Meta = (
  name: string,
  extra?: Partial<KubeObject['metadata']>,
) => KubeObject['metadata'];

/**
 * How one provider fills its own kinds from a cluster spec. Each function
 * writes only fields the provider's CRD has (checked against the release in
 * the catalog); what the spec leaves out is left out, never written as null.
 */
export interface InfrastructureRenderer {
  /** The infrastructure cluster's `spec`. */
  cluster(spec: ClusterSpecSpec): object;
  /** A machine template's `spec.template.spec`, for a pool's (or the control plane's) machine type. */
  machine?(
    spec: ClusterSpecSpec,
    machineType: string | undefined,
    role: MachineRole,
  ): object;
  /** A control plane that is not kubeadm's: its object and what it refers to. */
  controlPlane?(
    spec: ClusterSpecSpec,
    name: string,
    meta: Meta,
    kind: KindRef,
  ): KubeObject[];
  /** A managed node pool's `spec`; `index` is the pool's position in the spec. */
  pool?(spec: ClusterSpecSpec, pool: NodePool, index: number): object;
}

/** Which machines a template is for: some providers give control plane machines other permissions. */
export type MachineRole = 'controlPlane' | 'worker';

export const apiVersionOf = (k: KindRef) => `${k.group}/${k.version}`;

/** Drops keys whose value is undefined, at any depth: absent, not null. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, compact(v)]),
    ) as T;
  }
  return value;
}

/** `{ key: value }` when value is set, else nothing: for optional fields in spreads. */
export const when = <V>(value: V | undefined, make: (v: V) => object) =>
  value === undefined ? {} : make(value);
