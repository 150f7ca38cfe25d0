/**
 * What `GET /api/arlon/health` reports: can the portal reach each management
 * cluster and the fleet repository, and if not, why and what to do.
 */

/** Reachability of one dependency. `notConfigured` is honest, not an error. */
export type Reachability = 'reachable' | 'unreachable' | 'notConfigured';

/** A failure the user can act on: what went wrong and what to try. */
export interface HealthProblem {
  message: string;
  hint?: string;
}

export interface ManagementClusterHealth {
  /** The configured context name, e.g. `sandbox` or `prod-eu`. */
  name: string;
  url: string;
  status: Exclude<Reachability, 'notConfigured'>;
  /** `gitVersion` from the API server's `/version`, when reachable. */
  kubernetesVersion?: string;
  problem?: HealthProblem;
  /** Round trip of the probe, in milliseconds. */
  latencyMs: number;
}

export interface FleetRepositoryHealth {
  status: Reachability;
  url?: string;
  branch?: string;
  /** Commit the branch points at, when reachable. */
  headCommit?: string;
  problem?: HealthProblem;
  latencyMs?: number;
}

export interface FleetHealth {
  managementClusters: ManagementClusterHealth[];
  fleetRepository: FleetRepositoryHealth;
  /** ISO 8601 time the probes finished. */
  checkedAt: string;
}

/** One word for the whole fleet connection, for a badge or a status line. */
export type OverallHealth = 'healthy' | 'degraded' | 'notConfigured';

export function overallHealth(health: FleetHealth): OverallHealth {
  const statuses = [
    ...health.managementClusters.map(c => c.status),
    health.fleetRepository.status,
  ];
  if (statuses.includes('unreachable')) return 'degraded';
  if (
    health.managementClusters.length === 0 ||
    health.fleetRepository.status === 'notConfigured'
  ) {
    return 'notConfigured';
  }
  return 'healthy';
}
