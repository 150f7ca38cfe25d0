import {
  createExternalRouteRef,
  createRouteRef,
} from '@backstage/core-plugin-api';

// Route refs from core-plugin-api serve both frontend systems: the legacy
// plugin mounts and binds them, and the new-system plugin (./alpha) takes the
// same objects, so components resolve them with one useRouteRef either way.

/** The Fleet page. */
export const rootRouteRef = createRouteRef({ id: 'arlon' });

/**
 * A software template's page in the scaffolder, for "Clone this…" links that
 * pre-fill it. Optional: without a scaffolder the links are not shown. The new
 * frontend system binds it to the scaffolder by default; a legacy app binds it
 * in `bindRoutes`. The parameters' type is written out: inferred from the
 * list, its members print in whatever order the compiler met them, so the
 * API report changed between checkouts.
 */
export const templateRouteRef = createExternalRouteRef<
  { namespace: string; templateName: string },
  true,
  'namespace' | 'templateName'
>({
  id: 'arlon-template',
  params: ['namespace', 'templateName'],
  optional: true,
  defaultTarget: 'scaffolder.selectedTemplate',
});
