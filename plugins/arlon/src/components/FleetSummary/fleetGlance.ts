import type { ArlonKind } from '@arlon-backstage/plugin-arlon-common';
import type { VerifyResponse } from '../../api/ArlonClient';
import { countBy, FleetRow } from '../FleetPage/fleetRows';

/** One thing someone should look at, with where to look. */
export interface AttentionItem {
  /** The definition's entity to open; absent for a file or a management cluster. */
  kind?: ArlonKind;
  name: string;
  reason: string;
}

/** The home page's view of the fleet. */
export interface FleetGlance {
  clusters: number;
  byPhase: Array<[string, number]>;
  byHealth: Array<[string, number]>;
  attention: AttentionItem[];
}

// A cluster needs someone when Cluster API gave up on it or a bundle on it is
// broken or gone; Progressing, Unknown and Suspended are left to the Fleet page.
const FAILED_PHASES = new Set(['Failed']);
const FAILING_HEALTH = new Set(['Degraded', 'Missing']);

/**
 * Pure: counts by phase and by health, and what needs attention — definitions
 * held at last known good (a commit broke them), management clusters whose
 * checks fail, clusters that failed or whose bundles are degraded or missing,
 * and clusters behind their profiles waiting for an update.
 */
export function fleetGlance(
  rows: FleetRow[],
  verify?: VerifyResponse,
): FleetGlance {
  const attention: AttentionItem[] = [];
  const lkg = verify?.lastKnownGood;
  if (lkg?.status === 'ok') {
    for (const d of lkg.held.definitions) {
      const first = d.problems[0];
      const where = first ? ` (${first.file}:${first.line})` : '';
      const holds = d.clusters.length ? `; holds ${someOf(d.clusters)}` : '';
      attention.push({
        kind: d.kind,
        name: d.name,
        reason: `invalid at the head of the fleet repository${where}${holds}`,
      });
    }
    for (const f of lkg.held.unattributed) {
      attention.push({
        name: f.file,
        reason:
          'invalid and names no definition: clusters missing from the valid fleet are held',
      });
    }
  }
  if (lkg?.status === 'unknown') {
    attention.push({
      name: 'fleet repository',
      reason: `held definitions are unknown: ${lkg.message}`,
    });
  }
  for (const m of verify?.managementClusters ?? []) {
    const failing = m.checks.filter(c => !c.ok).map(c => c.name);
    if (!m.ok) {
      attention.push({
        name: `management cluster ${m.managementCluster}`,
        reason: failing.length
          ? `checks failing: ${failing.join(', ')}`
          : 'checks failing',
      });
    }
  }
  for (const r of rows) {
    const reasons: string[] = [];
    if (FAILED_PHASES.has(r.phase))
      reasons.push(`Cluster API phase ${r.phase}`);
    if (FAILING_HEALTH.has(r.health)) reasons.push(`bundles ${r.health}`);
    if (r.behind) reasons.push('behind its profiles: an update is waiting');
    if (reasons.length)
      attention.push({
        kind: 'Cluster',
        name: r.name,
        reason: reasons.join('; '),
      });
  }
  return {
    clusters: rows.length,
    byPhase: countBy(rows, 'phase'),
    byHealth: countBy(rows, 'health'),
    attention,
  };
}

/** A few names, then how many more: a reason is one line on a home page. */
function someOf(names: string[], shown = 5): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
