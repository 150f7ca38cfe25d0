import type { ManagementClusters } from '@internal/backstage-plugin-arlon-node';
import { ClusterStatus, clusterStatus } from './clusterStatus';

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
    let fallback: ClusterStatus | undefined;
    for (const cluster of this.clusters.list()) {
      const i = cluster.informers();
      const status = clusterStatus(name, {
        managementCluster: cluster.name,
        capiClusters: i.capiClusters.list(),
        applications: i.applications.list(),
        argocdClusterSecrets: i.argocdClusterSecrets.list(),
      });
      if (
        status.capi ||
        status.root ||
        status.registration === 'registered' ||
        status.applications.length
      )
        return status;
      fallback ??= status;
    }
    return fallback;
  }
}
