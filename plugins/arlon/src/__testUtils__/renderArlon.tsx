import type { Entity } from '@backstage/catalog-model';
import { mockApis, renderInTestApp } from '@backstage/frontend-test-utils';
import {
  EntityProvider,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { SWRConfig } from 'swr';
import { act } from '@testing-library/react';
import { ArlonApi, arlonApiRef } from '../api/ArlonClient';
import { templateRouteRef } from '../routes';
import { mockArlonApi } from './mockArlonApi';

/** An entity as the catalog module makes it for a definition. */
export function arlonEntity(kind: string, name: string, type: string): Entity {
  const prefix = {
    Bundle: 'bundle-',
    Profile: 'profile-',
    ClusterSpec: 'clusterspec-',
    Cluster: '',
  }[kind];
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name: `${prefix}${name}`,
      namespace: 'default',
      title: name,
      annotations: { 'arlon.io/kind': kind },
    },
    spec: { type, owner: 'group:default/platform' },
  };
}

/** The permission mock's answer: allowed, denied, or per request. */
function policyOf(allow: boolean | Function | undefined): any {
  if (typeof allow === 'function') return allow;
  return allow === false ? AuthorizeResult.DENY : AuthorizeResult.ALLOW;
}

/** Renders Arlon UI in a test app with the given API methods, an entity, and permissions allowed or not. */
export async function renderArlon(
  element: JSX.Element,
  options: {
    api: Partial<ArlonApi>;
    entity?: Entity;
    /** Allowed or not; or the policy's answer per permission and resource. */
    allow?:
      | boolean
      | ((request: {
          permission: { name: string };
          resourceRef?: string;
        }) => AuthorizeResult.ALLOW | AuthorizeResult.DENY);
    /** Bind the scaffolder's template page, so template links show. */
    scaffolder?: boolean;
  },
) {
  const withEntity = options.entity ? (
    <EntityProvider entity={options.entity}>{element}</EntityProvider>
  ) : (
    element
  );
  // usePermission caches decisions in SWR: a fresh cache per test, so one test's "allowed" is not another's.
  const content = (
    <SWRConfig value={{ provider: () => new Map() }}>{withEntity}</SWRConfig>
  );
  const rendered = renderInTestApp(content, {
    // Entity links need the catalog's entity page to point at.
    mountedRoutes: {
      '/catalog/:namespace/:kind/:name': entityRouteRef,
      ...(options.scaffolder
        ? { '/create/templates/:namespace/:templateName': templateRouteRef }
        : {}),
    },
    apis: [
      [arlonApiRef, mockArlonApi(options.api)],
      [
        permissionApiRef,
        mockApis.permission({
          authorize: policyOf(options.allow),
        }),
      ],
    ],
  });
  // Let the first loads (mocked calls that answer at once) settle inside act,
  // as they would before a person could look, so their updates are not
  // reported as happening outside it.
  await act(() => new Promise(resolve => setTimeout(resolve, 0)));
  return rendered;
}
