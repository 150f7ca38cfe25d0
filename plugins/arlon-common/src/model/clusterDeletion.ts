/**
 * Ordered deletion of a cluster, as the live objects record it. Deleting (or
 * unregistering) a cluster goes bundles first, then the cluster, then its
 * registration:
 *
 * 1. its ArgoCD cluster Secret is annotated `arlon.io/deleting` and loses its
 *    profile labels, so the profiles' ApplicationSets drop its bundle
 *    Applications and ArgoCD prunes what they deployed (their resources
 *    finalizer) while the cluster still answers;
 * 2. once no bundle Application is left, the definition's deletion is
 *    committed: its root Application goes, and with it the Cluster API objects;
 * 3. the ArgoCD Secret and ArgoCD's workload credentials go last.
 *
 * The annotation lives on the Secret (not in a process) so every replica
 * shows the same status, the registration controller never puts the labels
 * back, and a deletion interrupted by a restart is resumed by asking again.
 */

/** On a cluster's ArgoCD Secret: when its deletion began (RFC 3339). Its profile labels are never restored while it is there. */
export const DELETING_ANNOTATION = 'arlon.io/deleting';
/** On a cluster's ArgoCD Secret: why its deletion stopped (e.g. bundles not removed in time). */
export const DELETION_PROBLEM_ANNOTATION = 'arlon.io/deletion-problem';

/** Where a cluster's deletion is. */
export interface ClusterDeletion {
  /** When it began. */
  since: string;
  /**
   * `removingBundles`: waiting for its bundle Applications to go;
   * `removingCluster`: Cluster API is tearing it down (or its definition's
   * deletion is being committed); `stopped`: it gave up, see `problem`.
   */
  stage: 'removingBundles' | 'removingCluster' | 'stopped';
  /** Bundle Applications still there. */
  bundlesLeft: number;
  problem?: string;
}

/** What the live objects say about a cluster's deletion; undefined when none is under way. */
export function clusterDeletionOf(live: {
  /** The annotations of the cluster's ArgoCD Secret. */
  secretAnnotations?: Record<string, string>;
  /** Bundle Applications of the cluster still present. */
  bundlesLeft: number;
  /** The CAPI Cluster has a deletionTimestamp. */
  capiDeleting: boolean;
}): ClusterDeletion | undefined {
  const since = live.secretAnnotations?.[DELETING_ANNOTATION];
  if (!since) return undefined;
  const problem = live.secretAnnotations?.[DELETION_PROBLEM_ANNOTATION];
  let stage: ClusterDeletion['stage'] = 'removingBundles';
  if (problem) stage = 'stopped';
  else if (live.capiDeleting || live.bundlesLeft === 0)
    stage = 'removingCluster';
  return {
    since,
    stage,
    bundlesLeft: live.bundlesLeft,
    ...(problem ? { problem } : {}),
  };
}

/** One line for people: "deleting: removing bundles (2 left)". */
export function describeClusterDeletion(deletion: ClusterDeletion): string {
  switch (deletion.stage) {
    case 'removingBundles':
      return `deleting: removing bundles (${deletion.bundlesLeft} left)`;
    case 'removingCluster':
      return 'deleting: removing the cluster';
    default:
      return `deletion stopped: ${deletion.problem ?? 'unknown problem'}`;
  }
}
