import {
  createApiFactory,
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { createScaffolderFieldExtension } from '@backstage/plugin-scaffolder-react';
import { arlonApiRef, ArlonClient } from './api/ArlonClient';
import { commitPreviewFieldOptions } from './components/CommitPreview/field';
import { rootRouteRef, templateRouteRef } from './routes';

/**
 * Arlon's frontend for a legacy Backstage app (`createApp` from
 * `@backstage/app-defaults`, an `EntityPage.tsx`). The new frontend system
 * takes the plugin from `@arlon-backstage/plugin-arlon/alpha` instead.
 *
 * @public
 */
export const arlonPlugin = createPlugin({
  id: 'arlon',
  apis: [
    createApiFactory({
      api: arlonApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: deps => new ArlonClient(deps),
    }),
  ],
  routes: { root: rootRouteRef },
  externalRoutes: { template: templateRouteRef },
});

/**
 * The Fleet page: every cluster with its phase and health, apply a profile
 * to many, the management clusters' checks and the connections.
 *
 * @public
 */
export const ArlonFleetPage = arlonPlugin.provide(
  createRoutableExtension({
    name: 'ArlonFleetPage',
    component: () =>
      import('./components/FleetPage/FleetPage').then(m => m.FleetPage),
    mountPoint: rootRouteRef,
  }),
);

/**
 * A cluster's card (use with `isArlonCluster`): spec, profiles, Cluster API
 * phase, registration, each bundle's sync and health, and its actions.
 *
 * @public
 */
export const EntityArlonClusterCard = arlonPlugin.provide(
  createComponentExtension({
    name: 'EntityArlonClusterCard',
    component: {
      lazy: () =>
        import('./components/ClusterCard/ClusterCard').then(m => m.ClusterCard),
    },
  }),
);

/**
 * A profile's card (use with `isArlonProfile`): its bundles, the clusters
 * using it, and applying it to more clusters.
 *
 * @public
 */
export const EntityArlonProfileCard = arlonPlugin.provide(
  createComponentExtension({
    name: 'EntityArlonProfileCard',
    component: {
      lazy: () =>
        import('./components/ProfileCard/ProfileCard').then(m => m.ProfileCard),
    },
  }),
);

/**
 * A bundle's card (use with `isArlonBundle`): its source, parameters and the
 * profiles using it.
 *
 * @public
 */
export const EntityArlonBundleCard = arlonPlugin.provide(
  createComponentExtension({
    name: 'EntityArlonBundleCard',
    component: {
      lazy: () =>
        import('./components/BundleCard/BundleCard').then(m => m.BundleCard),
    },
  }),
);

/**
 * A cluster spec's card (use with `isArlonClusterSpec`): its fields, the
 * Cluster API manifests it renders and the clusters built from it.
 *
 * @public
 */
export const EntityArlonClusterSpecCard = arlonPlugin.provide(
  createComponentExtension({
    name: 'EntityArlonClusterSpecCard',
    component: {
      lazy: () =>
        import('./components/ClusterSpecCard/ClusterSpecCard').then(
          m => m.ClusterSpecCard,
        ),
    },
  }),
);

/**
 * The Diff tab's content (use with `isArlonDiffAvailable`): compare a bundle,
 * profile or cluster with another, or pre-flight one on a live cluster.
 *
 * @public
 */
export const EntityArlonDiffContent = arlonPlugin.provide(
  createComponentExtension({
    name: 'EntityArlonDiffContent',
    component: {
      lazy: () => import('./components/DiffTab/DiffTab').then(m => m.DiffTab),
    },
  }),
);

/**
 * The fleet at a glance for a home page: clusters by phase and by health,
 * and what needs attention.
 *
 * @public
 */
export const ArlonFleetSummaryCard = arlonPlugin.provide(
  createComponentExtension({
    name: 'ArlonFleetSummaryCard',
    component: {
      lazy: () =>
        import('./components/FleetSummary/FleetSummaryCard').then(
          m => m.FleetSummaryCard,
        ),
    },
  }),
);

/**
 * The `ui:field: ArlonCommitPreview` of Arlon's templates, for a legacy
 * scaffolder: place it inside `<ScaffolderFieldExtensions>`.
 *
 * @public
 */
export const ArlonCommitPreviewFieldExtension = arlonPlugin.provide(
  createScaffolderFieldExtension(commitPreviewFieldOptions),
);
