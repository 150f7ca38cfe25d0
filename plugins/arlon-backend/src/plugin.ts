import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { arlonPermissions } from '@internal/backstage-plugin-arlon-common';
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
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        auditor: coreServices.auditor,
        managementClusters: managementClustersServiceRef,
        fleetRepository: fleetRepositoryServiceRef,
      },
      async init({ httpRouter, permissionsRegistry, ...deps }) {
        permissionsRegistry.addPermissions(arlonPermissions);
        httpRouter.use(await createRouter(deps));
      },
    });
  },
});
