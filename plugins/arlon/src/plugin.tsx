import {
  ApiBlueprint,
  createFrontendPlugin,
  discoveryApiRef,
  fetchApiRef,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import StorageIcon from '@material-ui/icons/Storage';
import { arlonApiRef, ArlonClient } from './api/ArlonClient';
import { rootRouteRef } from './routes';

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

/** Arlon's frontend: the Fleet page, and entity pages as they arrive. */
export const arlonPlugin = createFrontendPlugin({
  pluginId: 'arlon',
  title: 'Fleet',
  icon: <StorageIcon fontSize="inherit" />,
  info: { packageJson: () => import('../package.json') },
  extensions: [arlonApi, fleetPage],
  routes: {
    root: rootRouteRef,
  },
});
