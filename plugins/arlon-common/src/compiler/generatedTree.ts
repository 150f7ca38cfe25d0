// Where the generated tree lives and what its ArgoCD objects are called: the compiler's fixed names.
import type { LibraryCatalog } from '../library/library';
import type { CapiVersion } from '../providers/capi/version';
import type { ManagementClusterNames } from './placement';

/** Where the generated tree is synced from, and into which ArgoCD and Cluster API. */
export interface CompileOptions {
  /** Clone URL of the fleet repository, as ArgoCD reaches it. */
  repoUrl: string;
  /** Branch ArgoCD follows. */
  revision: string;
  /** Namespace ArgoCD runs in. Defaults to `argocd`. */
  argocdNamespace?: string;
  /**
   * Cluster API version of the core and kubeadm objects (v1beta1 unless
   * said). Recorded on the bootstrap Application (CAPI_VERSION_ANNOTATION)
   * so a checkout recompiles to the same bytes.
   */
  capiVersion?: CapiVersion;
  /**
   * The library repositories as the portal last read them: a profile's
   * `<library>/<bundle>` is validated against them and compiled at each
   * one's resolved commit. Not recorded in the tree (the commits are, in
   * the Applications).
   */
  libraries?: LibraryCatalog;
  /**
   * The configured management clusters, when the caller knows them. Only
   * validation reads it (planFleetEdit hands it on): the tree itself is a
   * function of the definitions alone, so the portal and a CLI without the
   * portal's configuration compile the same bytes.
   */
  managementClusters?: ManagementClusterNames;
}

/** On the bootstrap Application: the Cluster API version the tree was compiled for. */
export const CAPI_VERSION_ANNOTATION = 'arlon.io/capi-version';

/** Generated files: path under the repository root to content. */
export type GeneratedFiles = Record<string, string>;

/** The folder of the repository the compiler writes; nothing else writes there. */
export const GENERATED_ROOT = 'generated';
/** Deleting an Application first deletes what it deployed, children before parents. */
export const RESOURCES_FINALIZER =
  'resources-finalizer.argocd.argoproj.io/foreground';
export const IN_CLUSTER = 'https://kubernetes.default.svc';
export const IN_CLUSTER_SPELLINGS = [IN_CLUSTER, `${IN_CLUSTER}.cluster.local`];
/** The AppProject of bundle Applications: declared repositories only, never the management cluster. */
export const BUNDLES_PROJECT = 'arlon-bundles';
/** The AppProject of clusters' root Applications: the fleet repository into the cluster's own namespace. */
export const CLUSTERS_PROJECT = 'arlon-clusters';
