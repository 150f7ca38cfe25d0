/**
 * Changes to a cluster's definition that destroy what Cluster API built: an
 * update in form, a delete in effect. They need the delete permission on the
 * cluster, not only update.
 */

type ClusterLike = {
  spec?: {
    clusterSpec?: unknown;
    mode?: unknown;
    external?: unknown;
  };
};

/** Whether Cluster API builds this cluster (it names a cluster spec and is not external). */
export function isBuiltCluster(cluster: unknown): boolean {
  const spec = (cluster as ClusterLike | undefined)?.spec;
  return !!spec && !!spec.clusterSpec && !spec.external;
}

/**
 * Why changing `before` into `after` tears a built cluster down, or
 * undefined when it does not. `after` is the submitted definition, valid or not.
 */
export function destructiveClusterChange(
  before: unknown,
  after: unknown,
): string | undefined {
  if (!isBuiltCluster(before)) return undefined;
  const was = (before as ClusterLike).spec!;
  const next = (after as ClusterLike | undefined)?.spec ?? {};
  if (next.external || !next.clusterSpec)
    return 'turns a built cluster into an external one (Cluster API deletes what it built)';
  if (next.clusterSpec !== was.clusterSpec)
    return `changes the cluster spec it is built from (${String(
      was.clusterSpec,
    )} → ${String(next.clusterSpec)}), which rebuilds it`;
  if ((next.mode ?? 'linked') !== (was.mode ?? 'linked'))
    return `changes its mode (${String(was.mode ?? 'linked')} → ${String(
      next.mode ?? 'linked',
    )})`;
  return undefined;
}
