import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { arlonPermissions } from '@internal/backstage-plugin-arlon-common';
import {
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
} from '@internal/backstage-plugin-arlon-node';
import { RegistrationScheduler } from './registration/RegistrationScheduler';
import { createRouter } from './router';
import { FleetStatus } from './status/FleetStatus';
import { DiffReportStore } from './diff/DiffReportStore';

/**
 * The `arlon` backend plugin: the REST API under `/api/arlon`, and the
 * registration controller.
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
        database: coreServices.database,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
        lifecycle: coreServices.lifecycle,
        managementClusters: managementClustersServiceRef,
        fleetRepository: fleetRepositoryServiceRef,
      },
      async init({
        httpRouter,
        permissionsRegistry,
        logger,
        scheduler,
        lifecycle,
        database,
        ...deps
      }) {
        permissionsRegistry.addPermissions(arlonPermissions);
        const registration = new RegistrationScheduler({
          ...deps,
          logger,
          scheduler,
          lifecycle,
        });
        await registration.schedule();
        const status = new FleetStatus(deps.managementClusters);
        // Informers start in the background: an unreachable cluster must not block start-up.
        lifecycle.addStartupHook(() => void status.start());
        lifecycle.addShutdownHook(() => status.stop());
        httpRouter.use(
          await createRouter({
            ...deps,
            status,
            reports: await DiffReportStore.create(database),
            onWrite: () => registration.fleetChanged(),
          }),
        );
      },
    });
  },
});
