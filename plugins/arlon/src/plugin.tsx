import {
  ApiBlueprint,
  createFrontendPlugin,
  discoveryApiRef,
  fetchApiRef,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import {
  EntityCardBlueprint,
  EntityContentBlueprint,
} from '@backstage/plugin-catalog-react/alpha';
import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';
import StorageIcon from '@material-ui/icons/Storage';
import { arlonApiRef, ArlonClient } from './api/ArlonClient';
import { isArlon } from './components/common/arlonEntity';
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
    filter: isArlon('Cluster'),
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
    filter: isArlon('Profile'),
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
    filter: isArlon('Bundle'),
    loader: () =>
      import('./components/BundleCard/BundleCard').then(m => <m.BundleCard />),
  },
});

const clusterSpecCard = EntityCardBlueprint.make({
  name: 'clusterspec',
  params: {
    type: 'content',
    filter: isArlon('ClusterSpec'),
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
    filter: entity =>
      isArlon('Bundle')(entity) ||
      isArlon('Profile')(entity) ||
      isArlon('Cluster')(entity),
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

/**
 * Arlon's frontend: the Fleet page; cards for clusters, profiles, bundles
 * and cluster specs on their entity pages; a Diff tab on bundles, profiles
 * and clusters.
 */
export const arlonPlugin = createFrontendPlugin({
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
  ],
  routes: {
    root: rootRouteRef,
  },
  externalRoutes: {
    template: templateRouteRef,
  },
});
