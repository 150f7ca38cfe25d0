import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import {
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
} from '@internal/backstage-plugin-arlon-node';
import { createRouter } from './router';

/**
 * The `arlon` backend plugin: the REST API under `/api/arlon`.
 *
 * @public
 */
export const arlonPlugin = createBackendPlugin({
  pluginId: 'arlon',
  register(env) {
    env.registerInit({
      deps: {
        httpAuth: coreServices.httpAuth,
        httpRouter: coreServices.httpRouter,
        managementClusters: managementClustersServiceRef,
        fleetRepository: fleetRepositoryServiceRef,
      },
      async init({
        httpAuth,
        httpRouter,
        managementClusters,
        fleetRepository,
      }) {
        httpRouter.use(
          await createRouter({ httpAuth, managementClusters, fleetRepository }),
        );
      },
    });
  },
});
