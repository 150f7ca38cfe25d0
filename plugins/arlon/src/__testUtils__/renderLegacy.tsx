import type { Entity } from '@backstage/catalog-model';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import {
  EntityProvider,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { SWRConfig } from 'swr';
import { ArlonApi, arlonApiRef } from '../api/ArlonClient';
import { rootRouteRef } from '../routes';
import { mockArlonApi } from './mockArlonApi';

/**
 * Renders an element in a legacy Backstage test app (@backstage/test-utils,
 * the `createApp` world an `EntityPage.tsx` lives in) with the given API
 * methods, an entity, and every permission allowed: what an adopter's
 * legacy app does with the package root's exports.
 */
export async function renderLegacy(
  element: JSX.Element,
  options: {
    api: Partial<ArlonApi>;
    entity?: Entity;
    /** Where the app starts; a routable page is rendered at its own path. */
    path?: string;
  },
) {
  const withEntity = options.entity ? (
    <EntityProvider entity={options.entity}>{element}</EntityProvider>
  ) : (
    element
  );
  return renderInTestApp(
    // usePermission caches decisions in SWR: a fresh cache per test.
    <SWRConfig value={{ provider: () => new Map() }}>
      <TestApiProvider
        apis={[
          [arlonApiRef, mockArlonApi(options.api)],
          [permissionApiRef, mockApis.permission()],
        ]}
      >
        {withEntity}
      </TestApiProvider>
    </SWRConfig>,
    {
      mountedRoutes: {
        '/catalog/:namespace/:kind/:name': entityRouteRef,
        // A page mounts the Fleet route itself where it is rendered.
        ...(options.path ? {} : { '/fleet': rootRouteRef }),
      },
      routeEntries: options.path ? [options.path] : undefined,
    },
  );
}
