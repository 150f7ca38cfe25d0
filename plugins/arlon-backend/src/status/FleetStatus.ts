import {
  ClusterStatus,
  clusterStatusLookup,
  findClusterStatus,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';

/**
 * Live status for the API, from each management cluster's informers (started
 * with the plugin, list + watch, never polled per request).
 */
export class FleetStatus {
  constructor(private readonly clusters: ManagementClusters) {}

  async start() {
    await Promise.all(this.clusters.list().map(c => c.informers().start()));
  }

  async stop() {
    await Promise.all(this.clusters.list().map(c => c.informers().stop()));
  }

  /** The cluster's status on the management cluster that knows it, if any does. */
  of(name: string): ClusterStatus | undefined {
    return findClusterStatus(name, this.clusters.list());
  }

  /** Every cluster's status from one read of the informers: for listings, where `of` per cluster would scan every object N times. */
  lookup(): (name: string) => ClusterStatus | undefined {
    return clusterStatusLookup(this.clusters.list());
  }
}
