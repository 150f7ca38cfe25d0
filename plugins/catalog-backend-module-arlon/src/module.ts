import {
  coreServices,
  createBackendModule,
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import {
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
} from '@internal/backstage-plugin-arlon-node';
import { ArlonEntityProvider } from './ArlonEntityProvider';
import { ArlonProblemsProcessor } from './ArlonProblemsProcessor';

/**
 * Catalog module: Arlon's definitions as Resource entities, kept fresh.
 *
 * @public
 */
export const catalogModuleArlon = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'arlon',
  register(env) {
    env.registerInit({
      deps: {
        catalog: catalogProcessingExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
        repository: fleetRepositoryServiceRef,
        clusters: managementClustersServiceRef,
      },
      async init({ catalog, config, logger, scheduler, repository, clusters }) {
        catalog.addProcessor(new ArlonProblemsProcessor());
        if (!repository.config) {
          logger.info('No arlon.fleetRepo configured: no Arlon entities');
          return;
        }
        const providerConfig = config.getOptionalConfig(
          'catalog.providers.arlon',
        );
        const schedule = providerConfig?.has('schedule')
          ? readSchedulerServiceTaskScheduleDefinitionFromConfig(
              providerConfig.getConfig('schedule'),
            )
          : {
              frequency: { minutes: 30 },
              timeout: { minutes: 10 },
              initialDelay: { seconds: 2 },
            };
        catalog.addEntityProvider(
          new ArlonEntityProvider({
            fleet: 'default',
            repository,
            clusters,
            logger,
            schedule: scheduler.createScheduledTaskRunner(schedule),
            pollMs:
              (providerConfig?.getOptionalNumber('pollSeconds') ?? 5) * 1000,
            defaultOwner:
              providerConfig?.getOptionalString('defaultOwner') ??
              'group:default/platform',
            argocdUrl: providerConfig?.getOptionalString('argocdUrl'),
          }),
        );
      },
    });
  },
});
