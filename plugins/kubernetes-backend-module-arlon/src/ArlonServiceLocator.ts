import type { Entity } from '@backstage/catalog-model';
import type {
  KubernetesClustersSupplier,
  KubernetesServiceLocator,
  ServiceLocatorRequestContext,
} from '@backstage/plugin-kubernetes-node';

/**
 * Whether `entity` is an Arlon cluster: a kubernetes-cluster Resource the
 * Arlon catalog module made, which it makes in the default namespace only.
 * An entity registered elsewhere with the same name and annotation (any user
 * can register one) is not, or it would show that cluster's workloads to
 * whoever may read it.
 */
export function isArlonClusterEntity(entity: Entity): boolean {
  return (
    entity.kind === 'Resource' &&
    (entity.metadata.namespace ?? 'default') === 'default' &&
    (entity.spec as { type?: unknown } | undefined)?.type ===
      'kubernetes-cluster' &&
    entity.metadata.annotations?.['arlon.io/kind'] === 'Cluster'
  );
}

/**
 * Which clusters the Kubernetes plugin asks about an entity: an Arlon
 * cluster's page asks its own workload cluster only (whatever
 * `kubernetes.serviceLocatorMethod` says: multiTenant would ask every
 * cluster); every other entity is located as configured.
 */
export class ArlonServiceLocator implements KubernetesServiceLocator {
  constructor(
    private readonly clusters: KubernetesClustersSupplier,
    private readonly configured: KubernetesServiceLocator,
  ) {}

  async getClustersByEntity(
    entity: Entity,
    context: ServiceLocatorRequestContext,
  ) {
    if (!isArlonClusterEntity(entity))
      return this.configured.getClustersByEntity(entity, context);
    const all = await this.clusters.getClusters({
      credentials: context.credentials,
    });
    return { clusters: all.filter(c => c.name === entity.metadata.name) };
  }
}
