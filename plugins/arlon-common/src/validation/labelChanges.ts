import { profileLabels } from '../compiler/profileLabels';
import { FleetBreakage, holdReasons } from './lastKnownGood';

/**
 * The clusters whose ArgoCD Secret should carry other profile labels at
 * `after` than at `before`, or start or stop being held: after a commit,
 * only these need their labels synced. `'all'` when the broken files that
 * name no definition changed: they hold every cluster the valid fleet does
 * not have, including clusters Git no longer knows (holdReasons).
 *
 * @public
 */
export function clustersWithNewLabels(
  before: FleetBreakage,
  after: FleetBreakage,
): Set<string> | 'all' {
  const unattributed = (b: FleetBreakage) =>
    JSON.stringify([...b.unattributed.keys()].sort());
  if (unattributed(before) !== unattributed(after)) return 'all';
  const changed = new Set<string>();
  const names = new Set([
    ...before.fleet.clusters.keys(),
    ...before.held.keys(),
    ...after.fleet.clusters.keys(),
    ...after.held.keys(),
  ]);
  for (const name of names)
    if (desired(before, name) !== desired(after, name)) changed.add(name);
  return changed;
}

/** What registration writes for `cluster`: held, or its profile labels. */
function desired(breakage: FleetBreakage, cluster: string): string {
  if (holdReasons(breakage, cluster)) return 'held';
  const profiles =
    breakage.fleet.clusters.get(cluster)?.object.spec.profiles ?? [];
  return JSON.stringify(profileLabels(profiles));
}
