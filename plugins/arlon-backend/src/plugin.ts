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
  fleetChangesServiceRef,
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
  readArlonLimits,
  readFleetChangesConfig,
  repositoryCredentialsFromConfig,
} from '@arlon-backstage/plugin-arlon-node';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import {
  REGISTRATION_TASK_ID,
  RegistrationScheduler,
} from './registration/RegistrationScheduler';
import {
  REGENERATE_TASK_ID,
  RegenerateScheduler,
} from './regenerate/RegenerateScheduler';
import { relayFleetChanges } from './changes/relayFleetChanges';
import {
  GlobalTaskLeases,
  TASK_LEASE_TIMING,
} from './scheduling/GlobalTaskLeases';
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
        // A replica killed mid-term hands its tasks over in seconds, not at their timeout.
        const leases = new GlobalTaskLeases(await database.getClient(), {
          taskIds: [REGISTRATION_TASK_ID, REGENERATE_TASK_ID],
          ...TASK_LEASE_TIMING,
          logger,
        });
        lifecycle.addStartupHook(() => leases.start());
        lifecycle.addShutdownHook(() => leases.stop());
        const registration = new RegistrationScheduler({
          ...deps,
          logger,
          scheduler,
          lifecycle,
          leases,
        });
        await registration.schedule();
        // Other plugins may follow the fleet too, and other replicas' heads
        // arrive as events (with a bus shared by the replicas).
        const stopRelay = await relayFleetChanges({
          events,
          changes: deps.changes,
          logger,
        });
        lifecycle.addShutdownHook(stopRelay);
        // generated/ follows the definitions after hand pushes and merges (one replica).
        await new RegenerateScheduler({
          ...deps,
          logger,
          scheduler,
          lifecycle,
          leases,
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
