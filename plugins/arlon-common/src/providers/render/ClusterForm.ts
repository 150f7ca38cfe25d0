// What each form of the cluster renderer is given: the cluster, its catalog entry and shared parts.
import type { ClusterSpecSpec } from '../../model/types';
import type { ClusterTypeEntry, KindRef, ProviderEntry } from '../catalog';
import type { CapiVersion } from '../capi/version';
import type { Meta } from '../infrastructure';

/** A validated cluster spec with its provider and type looked up, ready to render. */
export interface ClusterForm {
  name: string;
  spec: ClusterSpecSpec;
  provider: ProviderEntry;
  type: ClusterTypeEntry;
  capiVersion: CapiVersion;
  /** Metadata in the cluster's namespace, labelled with its name. */
  meta: Meta;
  clusterNetwork: object;
  /** The infrastructure cluster kind: the type's own, or the provider's. */
  infraCluster: KindRef;
}
