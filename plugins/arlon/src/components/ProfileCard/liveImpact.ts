import {
  addSummaries,
  type DiffMethod,
  type DiffReport,
  type DiffSummary,
} from '@arlon-backstage/plugin-arlon-common';

/** What applying profiles would do to one live cluster, from their pre-flights. */
export interface ClusterImpact {
  cluster: string;
  summary?: DiffSummary;
  /** The least exact method any of its comparisons used. */
  method?: DiffMethod;
  /** What the counts leave out (a Helm bundle not rendered, a fallback…). */
  notes: string[];
  error?: string;
}

/** How many clusters the apply dialog pre-flights; the Diff tab takes the rest. */
export const PREFLIGHT_LIMIT = 10;

/** Pure: one cluster's pre-flight reports (one per profile) as one row. */
export function clusterImpact(
  cluster: string,
  reports: DiffReport[],
): ClusterImpact {
  const sections = reports.flatMap(r => r.sections);
  const failed = sections.find(s => s.error);
  if (failed) return { cluster, notes: [], error: failed.error };
  const summary = addSummaries(sections.map(s => s.summary));
  const method = sections.some(s => s.method === 'client-side')
    ? 'client-side'
    : sections[0]?.method;
  const notes = [...new Set(sections.flatMap(s => s.notes))];
  return { cluster, summary, method, notes };
}

/**
 * Pure: "2 to create, 1 to update", or that nothing would change (with a
 * pointer to the notes when they may explain why, e.g. an unrendered chart).
 */
export function describeImpact(
  summary: DiffSummary,
  notes: string[] = [],
): string {
  const parts = (['create', 'update', 'delete'] as const)
    .filter(action => summary[action] > 0)
    .map(action => `${summary[action]} to ${action}`);
  if (parts.length) return parts.join(', ');
  return notes.length
    ? 'no change found, but see the notes'
    : 'no object would change';
}
