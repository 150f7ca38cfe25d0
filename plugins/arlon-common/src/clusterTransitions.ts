/**
 * Changes to a cluster's definition that destroy what Cluster API built: an
 * update in form, a delete in effect. They need the delete permission on the
 * cluster, not only update.
 */

import type { ClusterSpecSpec } from './model/types';
import { renderClusterManifests } from './providers/renderCluster';

type ClusterLike = {
  metadata?: { name?: unknown };
  spec?: {
    clusterSpec?: unknown;
    mode?: unknown;
    external?: unknown;
    clonedFrom?: { spec?: unknown };
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
  // A cloned cluster is rendered from its frozen copy: editing the copy is
  // editing what Cluster API builds.
  if (was.mode === 'cloned') {
    const name = String((before as ClusterLike).metadata?.name ?? 'cluster');
    const reason = destructiveSpecChange(
      name,
      was.clonedFrom?.spec,
      next.clonedFrom?.spec,
    );
    if (reason) return `${reason} (spec.clonedFrom.spec)`;
  }
  return undefined;
}

/** What Cluster API can only change by building anew: where and on what a cluster runs. */
const REBUILT_FIELDS = ['provider', 'type', 'region', 'network'] as const;

/**
 * Why building cluster `name` from `after` instead of `before` (cluster spec
 * bodies: a ClusterSpec's spec, or a cloned cluster's frozen copy) deletes or
 * replaces what Cluster API built, or undefined when it does not: another
 * provider, type, region or network, or a rendered Cluster API object (the
 * cluster, its control plane, a node pool) that disappears or changes kind.
 * Other edits (versions, replicas, machine types) Cluster API rolls out in
 * place. Pure: compares rendered manifests, never the live cluster.
 */
export function destructiveSpecChange(
  name: string,
  before: unknown,
  after: unknown,
): string | undefined {
  const was = before as Partial<ClusterSpecSpec> | undefined;
  const next = after as Partial<ClusterSpecSpec> | undefined;
  if (!was || typeof was !== 'object') return undefined;
  if (!next || typeof next !== 'object')
    return 'removes the spec it is built from';
  for (const field of REBUILT_FIELDS)
    if (JSON.stringify(was[field]) !== JSON.stringify(next[field]))
      return `changes its ${field}, which rebuilds it`;
  const built = identities(name, was);
  if (!built) return undefined; // never rendered: nothing built from it
  const rebuilt = identities(name, next);
  if (!rebuilt)
    return 'makes the spec it is built from unrenderable, which Cluster API reads as a delete';
  const gone = [...built].filter(id => !rebuilt.has(id));
  if (gone.length)
    return `removes or replaces Cluster API objects it was built with (${gone
      .slice(0, 3)
      .join(', ')})`;
  return undefined;
}

/**
 * apiVersion/kind/namespace/name of every Cluster API object `spec` renders
 * for `name`, or undefined when it does not render. Templates are left out:
 * they are named by their content, so a changed machine type or image
 * replaces its template by design, and that is a rollout, not a rebuild.
 */
function identities(
  name: string,
  spec: Partial<ClusterSpecSpec>,
): Set<string> | undefined {
  try {
    return new Set(
      renderClusterManifests(name, name, spec as ClusterSpecSpec)
        .filter(o => !o.kind.endsWith('Template'))
        .map(
          o =>
            `${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name} (${
              o.apiVersion
            })`,
        ),
    );
  } catch {
    return undefined;
  }
}
