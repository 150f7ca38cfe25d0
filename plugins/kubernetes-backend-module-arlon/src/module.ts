import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import {
  kubernetesClusterSupplierExtensionPoint,
  kubernetesServiceLocatorExtensionPoint,
  type KubernetesClustersSupplier,
} from '@backstage/plugin-kubernetes-node';
import { managementClustersServiceRef } from '@arlon-backstage/plugin-arlon-node';
import { ArlonClusterSupplier } from './ArlonClusterSupplier';
import { ArlonServiceLocator } from './ArlonServiceLocator';
import { withConfiguredClusters } from './withConfiguredClusters';

/**
 * Kubernetes backend module: every registered Arlon workload cluster is
 * supplied to the Kubernetes plugin with the portal's read-only viewer
 * credentials, beside the clusters `kubernetes.clusterLocatorMethods`
 * configures (when it configures any); an Arlon cluster's entity page asks
 * its own workload cluster only.
 *
 * @public
 */
export const kubernetesModuleArlon = createBackendModule({
  pluginId: 'kubernetes',
  moduleId: 'arlon',
  register(env) {
    env.registerInit({
      deps: {
        supplierPoint: kubernetesClusterSupplierExtensionPoint,
        locatorPoint: kubernetesServiceLocatorExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        lifecycle: coreServices.lifecycle,
        clusters: managementClustersServiceRef,
      },
      async init({
        supplierPoint,
        locatorPoint,
        config,
        logger,
        lifecycle,
        clusters,
      }) {
        const arlon = new ArlonClusterSupplier({
          clusters,
          logger,
          skipMetricsLookup: config.getOptionalBoolean(
            'arlon.kubernetes.skipMetricsLookup',
          ),
        });
        lifecycle.addShutdownHook(() => arlon.stop());
        const configured = config.has('kubernetes.clusterLocatorMethods');
        supplierPoint.addClusterSupplier(
          async ({ getDefault }): Promise<KubernetesClustersSupplier> => {
            // Without clusterLocatorMethods, Arlon's clusters are all there is.
            if (!configured) return arlon;
            return withConfiguredClusters(arlon, await getDefault(), logger);
          },
        );
        locatorPoint.addServiceLocator(
          async ({ getDefault, clusterSupplier }) =>
            new ArlonServiceLocator(clusterSupplier, await getDefault()),
        );
      },
    });
  },
});
