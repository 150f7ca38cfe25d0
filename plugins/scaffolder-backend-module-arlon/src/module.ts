import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import {
  defaultOwnerOf,
  FleetDefinitions,
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
  ServedClusterKinds,
} from '@arlon-backstage/plugin-arlon-node';
import { createArlonActions } from './actions/createArlonActions';

/**
 * Adds the `arlon:*` actions to the scaffolder.
 *
 * @public
 */
export const scaffolderModuleArlon = createBackendModule({
  pluginId: 'scaffolder',
  moduleId: 'arlon',
  register(env) {
    env.registerInit({
      deps: {
        scaffolder: scaffolderActionsExtensionPoint,
        permissions: coreServices.permissions,
        config: coreServices.rootConfig,
        fleetRepository: fleetRepositoryServiceRef,
        managementClusters: managementClustersServiceRef,
      },
      async init({
        scaffolder,
        permissions,
        config,
        fleetRepository,
        managementClusters,
      }) {
        const servedKinds = new ServedClusterKinds(managementClusters);
        scaffolder.addActions(
          ...createArlonActions({
            definitions: new FleetDefinitions(
              fleetRepository,
              () => servedKinds.current(),
              managementClusters.placementNames(),
            ),
            permissions,
            managementClusters,
            defaultOwner: defaultOwnerOf(config),
          }),
        );
      },
    });
  },
});
