import {
  ClusterStatus,
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
}
