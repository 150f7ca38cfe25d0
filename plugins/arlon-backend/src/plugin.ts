import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import {
  arlonPermissions,
  arlonResourceOfView,
  arlonResourcePermissions,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import {
  arlonPermissionRules,
  arlonResourceRef,
  defaultOwnerOf,
  FLEET_CHANGED_TOPIC,
  fleetChangesServiceRef,
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
  readArlonLimits,
  readFleetChangesConfig,
  repositoryCredentialsFromConfig,
} from '@arlon-backstage/plugin-arlon-node';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import { RegistrationScheduler } from './registration/RegistrationScheduler';
import { RegenerateScheduler } from './regenerate/RegenerateScheduler';
import { createRouter } from './router';
import { FleetStatus } from './status/FleetStatus';
import { DiffReportStore } from './diff/DiffReportStore';
import {
  GIT_WEBHOOK_PATH,
  gitWebhookRouter,
} from './webhooks/gitWebhookRouter';

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
        config: coreServices.rootConfig,
        auditor: coreServices.auditor,
        database: coreServices.database,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
        lifecycle: coreServices.lifecycle,
        managementClusters: managementClustersServiceRef,
        fleetRepository: fleetRepositoryServiceRef,
        changes: fleetChangesServiceRef,
        events: eventsServiceRef,
      },
      async init({
        httpRouter,
        permissionsRegistry,
        logger,
        scheduler,
        lifecycle,
        database,
        config,
        events,
        ...deps
      }) {
        const defaultOwner = defaultOwnerOf(config);
        // Definitions are a resource type: policies condition on their owner
        // (IS_ARLON_OWNER) or kind (IS_ARLON_KIND), by catalog entity ref.
        permissionsRegistry.addResourceType({
          resourceRef: arlonResourceRef,
          permissions: arlonResourcePermissions,
          rules: Object.values(arlonPermissionRules),
          getResources: async refs => {
            const { files } = await deps.fleetRepository.read();
            const byRef = new Map(
              definitionViews(files).map(v => {
                const resource = arlonResourceOfView(v, defaultOwner);
                return [
                  resource.entityRef.toLocaleLowerCase('en-US'),
                  resource,
                ];
              }),
            );
            return refs.map(ref => byRef.get(ref.toLocaleLowerCase('en-US')));
          },
        });
        permissionsRegistry.addPermissions(
          arlonPermissions.filter(p => p.type === 'basic'),
        );
        const registration = new RegistrationScheduler({
          ...deps,
          logger,
          scheduler,
          lifecycle,
        });
        await registration.schedule();
        // Other plugins may follow the fleet too: every new head this process
        // sees (each replica publishes what it sees; the commit identifies it).
        deps.changes.subscribe(change =>
          events
            .publish({ topic: FLEET_CHANGED_TOPIC, eventPayload: change })
            .catch(error =>
              logger.warn(
                `Publishing ${FLEET_CHANGED_TOPIC} failed: ${error.message}`,
              ),
            ),
        );
        // generated/ follows the definitions after hand pushes and merges (one replica).
        await new RegenerateScheduler({
          ...deps,
          logger,
          scheduler,
          lifecycle,
        }).schedule();
        const status = new FleetStatus(deps.managementClusters);
        // Informers start in the background: an unreachable cluster must not block start-up.
        lifecycle.addStartupHook(() => void status.start());
        lifecycle.addShutdownHook(() => status.stop());
        // Git hosts cannot sign in: the push webhook is open, and proves
        // itself with the shared secret instead. Off (not routed, not open) without one.
        const { webhookSecret } = readFleetChangesConfig(config);
        if (webhookSecret && deps.fleetRepository.config) {
          httpRouter.addAuthPolicy({
            path: GIT_WEBHOOK_PATH,
            allow: 'unauthenticated',
          });
          httpRouter.use(
            gitWebhookRouter({
              secret: webhookSecret,
              branch: deps.fleetRepository.config.branch,
              checkHead: () => deps.changes.check('webhook'),
              logger,
            }),
          );
        }
        httpRouter.use(
          await createRouter({
            ...deps,
            status,
            reports: await DiffReportStore.create(database),
            limits: readArlonLimits(config),
            logger,
            defaultOwner,
            repositoryCredentials: repositoryCredentialsFromConfig(config),
          }),
        );
      },
    });
  },
});
