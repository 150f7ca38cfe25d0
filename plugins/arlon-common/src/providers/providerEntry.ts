// The shape of a provider catalog entry: the kinds it renders and the spec fields each cluster type maps.
/** A Kubernetes kind at a group and version. */
export interface KindRef {
  group: string;
  version: string;
  kind: string;
}

export const CAPI_GROUP = 'cluster.x-k8s.io';
export const INFRA_GROUP = 'infrastructure.cluster.x-k8s.io';
export const CONTROL_PLANE_GROUP = 'controlplane.cluster.x-k8s.io';
export const BOOTSTRAP_GROUP = 'bootstrap.cluster.x-k8s.io';

/**
 * A cluster spec field, as a path: the generic ones every provider may map
 * (`region`, `sshKeyName`, `machineType` for node pools and the control
 * plane, `network.vpcId`) or `providerSpec.<provider>.<field>`.
 */
export type SpecPath = string;
/** The generic fields: a provider that does not map one refuses it. */
export const GENERIC_FIELDS = [
  'region',
  'sshKeyName',
  'machineType',
  'network.vpcId',
] as const;

export interface ClusterTypeEntry {
  /** The control plane's kind: kubeadm's, or a managed service's. */
  controlPlane: KindRef;
  /** Infrastructure cluster kind, when it differs from the provider's default. */
  infrastructureCluster?: KindRef;
  /** Managed node pools (EKS, AKS, GKE): MachinePools of this kind instead of MachineDeployments. */
  managedMachinePool?: KindRef;
  /** Every spec field this type writes, with the upstream field it becomes. */
  fields: Record<SpecPath, string>;
  /** Of `fields`, those a spec must set (the upstream CRD requires them). */
  requires: SpecPath[];
  /** Fields whose upstream field is an enum: the values it takes. */
  values?: Record<SpecPath, string[]>;
  /** Worker pools are not rendered for this type (say why): `nodePools` must be empty. */
  noNodePools?: string;
  /** The provider ships a ClusterClass: render the `spec.topology` form against it. */
  clusterClass?: { name: string; workerClass: string };
  /** Kinds the control plane is made of, rendered beside it and served by the same provider. */
  components?: KindRef[];
}

export interface ProviderEntry {
  id: string;
  title: string;
  tier: 1 | 2 | 3;
  /** The repository whose CRDs the kinds and fields were checked against, at release `release`. */
  upstream: { repository: string; release: string };
  infrastructureCluster: KindRef;
  /** Absent where the provider has no machines of its own (nested control planes). */
  machineTemplate?: KindRef;
  clusterTypes: Record<string, ClusterTypeEntry>;
}
