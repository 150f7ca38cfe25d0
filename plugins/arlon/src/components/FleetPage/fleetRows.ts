import type {
  Cluster,
  ClusterSpec,
  DefinitionWithStatus,
} from '@arlon-backstage/plugin-arlon-common';

/** One cluster as the Fleet page lists it. */
export interface FleetRow {
  name: string;
  phase: string;
  /** Worst health of its bundle applications; `Unknown` before any reports. */
  health: string;
  registration: string;
  provider: string;
  kubernetesVersion: string;
  profiles: string[];
  behind: boolean;
  labels: Record<string, string>;
}

const HEALTH_ORDER = [
  'Degraded',
  'Missing',
  'Unknown',
  'Progressing',
  'Suspended',
  'Healthy',
];

/** Pure: the Fleet page's rows from the clusters (with live status) and the cluster specs. */
export function fleetRows(
  clusters: DefinitionWithStatus[],
  specs: DefinitionWithStatus[],
): FleetRow[] {
  const specByName = new Map(
    specs.map(s => [s.name, (s.definition as ClusterSpec).spec]),
  );
  return clusters.map(c => {
    const { spec, metadata } = c.definition as Cluster;
    const built =
      spec.clonedFrom?.spec ??
      (spec.clusterSpec ? specByName.get(spec.clusterSpec) : undefined);
    const healths = (c.status?.applications ?? []).map(a => a.health);
    const health = healths.length
      ? HEALTH_ORDER.find(h => healths.includes(h)) ?? healths[0]
      : 'Unknown';
    return {
      name: c.name,
      phase: spec.external ? 'Imported' : c.status?.capi?.phase ?? 'Not built',
      health,
      registration: c.status?.registration ?? 'notBuilt',
      provider: spec.external ? 'external' : built?.provider ?? 'unknown',
      kubernetesVersion: built?.kubernetesVersion ?? '',
      profiles: spec.profiles ?? [],
      behind: !!c.status?.behind,
      labels: metadata.labels ?? {},
    };
  });
}

/** How many clusters are in each phase, largest first. */
export function countBy(
  rows: FleetRow[],
  key: 'phase' | 'health' | 'provider',
) {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r[key], (counts.get(r[key]) ?? 0) + 1);
  return [...counts.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
  );
}
