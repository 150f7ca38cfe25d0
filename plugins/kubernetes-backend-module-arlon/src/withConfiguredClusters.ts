import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  ClusterDetails,
  KubernetesClustersSupplier,
} from '@backstage/plugin-kubernetes-node';

/**
 * Arlon's workload clusters beside those `kubernetes.clusterLocatorMethods`
 * configures. A configured cluster named like an Arlon cluster is left out
 * (and logged once): the Kubernetes backend finds a cluster by name (its
 * proxy takes the first), so the Arlon cluster entity's tabs would read the
 * configured cluster with its credentials instead of the workload cluster.
 */
export function withConfiguredClusters(
  arlon: KubernetesClustersSupplier,
  configured: KubernetesClustersSupplier,
  logger: LoggerService,
): KubernetesClustersSupplier {
  const warned = new Set<string>();
  return {
    async getClusters(options): Promise<ClusterDetails[]> {
      const [theirs, own] = await Promise.all([
        configured.getClusters(options),
        arlon.getClusters(options),
      ]);
      const ours = new Set(own.map(c => c.name));
      const kept = theirs.filter(c => {
        if (!ours.has(c.name)) return true;
        if (!warned.has(c.name)) {
          warned.add(c.name);
          logger.warn(
            `Configured Kubernetes cluster ${c.name} is not supplied: an Arlon workload cluster has that name. Rename it in kubernetes.clusterLocatorMethods`,
          );
        }
        return false;
      });
      return [...kept, ...own];
    },
  };
}
