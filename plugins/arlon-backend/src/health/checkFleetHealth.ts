import type { FleetHealth } from '@arlon-backstage/plugin-arlon-common';
import type {
  FleetRepository,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';

/** Probes every management cluster and the fleet repository at once. */
export async function checkFleetHealth(
  clusters: ManagementClusters,
  fleetRepository: FleetRepository,
): Promise<FleetHealth> {
  const [managementClusters, fleetRepositoryHealth] = await Promise.all([
    Promise.all(clusters.list().map(cluster => cluster.probe())),
    fleetRepository.probe(),
  ]);
  return {
    managementClusters,
    fleetRepository: fleetRepositoryHealth,
    checkedAt: new Date().toISOString(),
  };
}
