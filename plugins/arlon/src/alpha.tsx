import {
  ApiBlueprint,
  createFrontendPlugin,
  discoveryApiRef,
  ExtensionDefinition,
  fetchApiRef,
  OverridableFrontendPlugin,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import type { ExternalRouteRef, RouteRef } from '@backstage/core-plugin-api';
import { HomePageWidgetBlueprint } from '@backstage/plugin-home-react/alpha';
import {
  EntityCardBlueprint,
  EntityContentBlueprint,
} from '@backstage/plugin-catalog-react/alpha';
import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';
import StorageIcon from '@material-ui/icons/Storage';
import { arlonApiRef, ArlonClient } from './api/ArlonClient';
import {
  isArlonBundle,
  isArlonCluster,
  isArlonClusterSpec,
  isArlonDiffAvailable,
  isArlonProfile,
} from './components/common/conditions';
import { rootRouteRef, templateRouteRef } from './routes';

const arlonApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: arlonApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: deps => new ArlonClient(deps),
    }),
});

const fleetPage = PageBlueprint.make({
  params: {
    path: '/fleet',
    routeRef: rootRouteRef,
    loader: () =>
      import('./components/FleetPage/FleetPage').then(m => <m.FleetPage />),
  },
});

const clusterCard = EntityCardBlueprint.make({
  name: 'cluster',
  params: {
    type: 'content',
    filter: isArlonCluster,
    loader: () =>
      import('./components/ClusterCard/ClusterCard').then(m => (
        <m.ClusterCard />
      )),
  },
});

const profileCard = EntityCardBlueprint.make({
  name: 'profile',
  params: {
    type: 'content',
    filter: isArlonProfile,
    loader: () =>
      import('./components/ProfileCard/ProfileCard').then(m => (
        <m.ProfileCard />
      )),
  },
});

const bundleCard = EntityCardBlueprint.make({
  name: 'bundle',
  params: {
    type: 'content',
    filter: isArlonBundle,
    loader: () =>
      import('./components/BundleCard/BundleCard').then(m => <m.BundleCard />),
  },
});

const clusterSpecCard = EntityCardBlueprint.make({
  name: 'clusterspec',
  params: {
    type: 'content',
    filter: isArlonClusterSpec,
    loader: () =>
      import('./components/ClusterSpecCard/ClusterSpecCard').then(m => (
        <m.ClusterSpecCard />
      )),
  },
});

const diffTab = EntityContentBlueprint.make({
  name: 'diff',
  params: {
    path: '/diff',
    title: 'Diff',
    filter: isArlonDiffAvailable,
    loader: () =>
      import('./components/DiffTab/DiffTab').then(m => <m.DiffTab />),
  },
});

const commitPreview = FormFieldBlueprint.make({
  name: 'commit-preview',
  params: {
    field: () =>
      import('./components/CommitPreview/field').then(
        m => m.commitPreviewField,
      ),
  },
});

const fleetSummaryWidget = HomePageWidgetBlueprint.make({
  name: 'fleet-summary',
  params: {
    name: 'ArlonFleetSummary',
    title: 'Fleet at a glance',
    description:
      'Clusters by phase and health, and what needs attention in the fleet',
    components: () =>
      import('./components/FleetSummary/FleetSummaryCard').then(m => ({
        Content: m.FleetSummaryContent,
      })),
  },
});

/**
 * The plugin's extension IDs, as `nav.take` and app-config overrides name them.
 *
 * @alpha
 */
export type ArlonExtensionId =
  | 'api:arlon'
  | 'page:arlon'
  | 'entity-card:arlon/cluster'
  | 'entity-card:arlon/profile'
  | 'entity-card:arlon/bundle'
  | 'entity-card:arlon/clusterspec'
  | 'entity-content:arlon/diff'
  | 'scaffolder-form-field:arlon/commit-preview'
  | 'home-page-widget:arlon/fleet-summary';

/**
 * Arlon's frontend for the new frontend system: the Fleet page; cards for clusters, profiles, bundles
 * and cluster specs on their entity pages; a Diff tab on bundles, profiles
 * and clusters; the templates' commit preview field; a home page widget with
 * the fleet at a glance. A legacy app takes `arlonPlugin` and the extensions
 * from the package root instead.
 *
 * @alpha
 */
const arlonPlugin: OverridableFrontendPlugin<
  { root: RouteRef },
  {
    template: ExternalRouteRef<
      { namespace: string; templateName: string },
      true
    >;
  },
  // Declared rather than inferred: the inferred map spells out every
  // blueprint's parameters, whose string unions TypeScript prints in an order
  // that differs between checkouts, so the API report could not be checked.
  { [id in ArlonExtensionId]: ExtensionDefinition }
> = createFrontendPlugin({
  pluginId: 'arlon',
  title: 'Fleet',
  icon: <StorageIcon fontSize="inherit" />,
  info: { packageJson: () => import('../package.json') },
  extensions: [
    arlonApi,
    fleetPage,
    clusterCard,
    profileCard,
    bundleCard,
    clusterSpecCard,
    diffTab,
    commitPreview,
    fleetSummaryWidget,
  ],
  routes: {
    root: rootRouteRef,
  },
  externalRoutes: {
    template: templateRouteRef,
  },
});

export default arlonPlugin;
