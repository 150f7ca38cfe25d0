import {
  ApiBlueprint,
  createFrontendPlugin,
  discoveryApiRef,
  fetchApiRef,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
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
 * Arlon's frontend for the new frontend system: the Fleet page; cards for clusters, profiles, bundles
 * and cluster specs on their entity pages; a Diff tab on bundles, profiles
 * and clusters; the templates' commit preview field; a home page widget with
 * the fleet at a glance. A legacy app takes `arlonPlugin` and the extensions
 * from the package root instead.
 *
 * @alpha
 */
const arlonPlugin = createFrontendPlugin({
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
