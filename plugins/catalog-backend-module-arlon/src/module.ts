import {
  coreServices,
  createBackendModule,
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { ScmIntegrations } from '@backstage/integration';
import {
  fleetChangesServiceRef,
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
} from '@arlon-backstage/plugin-arlon-node';
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
        changes: fleetChangesServiceRef,
      },
      async init({
        catalog,
        config,
        logger,
        scheduler,
        repository,
        clusters,
        changes,
      }) {
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
            integrations: ScmIntegrations.fromConfig(config),
            repository,
            clusters,
            logger,
            schedule: scheduler.createScheduledTaskRunner(schedule),
            changes,
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
