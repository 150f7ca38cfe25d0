/*
 * Hi!
 *
 * Note that this is an EXAMPLE Backstage backend. Please check the README.
 *
 * Happy hacking!
 */

import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();
/** Guest sign-in is for development and tests, never a production backend (the sandbox has its own switch: sandboxFeature.ts). */
const production = process.env.NODE_ENV === 'production';

backend.add(import('@backstage/plugin-app-backend'));
backend.add(import('@backstage/plugin-proxy-backend'));

// scaffolder plugin
backend.add(import('@backstage/plugin-scaffolder-backend'));
backend.add(import('@backstage/plugin-scaffolder-backend-module-github'));
backend.add(
  import('@backstage/plugin-scaffolder-backend-module-notifications'),
);

// auth plugin
backend.add(import('@backstage/plugin-auth-backend'));
// Production signs in with GitHub (app-config.production.yaml); guest only in development.
backend.add(import('@backstage/plugin-auth-backend-module-github-provider'));
if (!production)
  backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));

// catalog plugin
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(
  import('@backstage/plugin-catalog-backend-module-scaffolder-entity-model'),
);

// See https://backstage.io/docs/features/software-catalog/configuration#subscribing-to-catalog-errors
backend.add(import('@backstage/plugin-catalog-backend-module-logs'));

// permission plugin
backend.add(import('@backstage/plugin-permission-backend'));
// Arlon's policy: admins everything, owners their clusters, everyone reads (docs/permissions.md).
backend.add(import('./permissionPolicy'));

// search plugin
backend.add(import('@backstage/plugin-search-backend'));

// search collators
backend.add(import('@backstage/plugin-search-backend-module-catalog'));

// kubernetes plugin
backend.add(import('@backstage/plugin-kubernetes-backend'));

// user settings plugin
backend.add(import('@backstage/plugin-user-settings-backend'));

// notifications and signals plugins
backend.add(import('@backstage/plugin-notifications-backend'));
backend.add(import('@backstage/plugin-signals-backend'));

// Arlon: the REST API, and the sandbox management cluster that stands in for a
// real one, loaded only when arlon.sandbox.enabled is true. The sandbox is a
// devDependency: a production install does not have it, and never loads it.
// ARLON_PLUGINS=off leaves them all out: bench:portal's baseline, the same
// backend without Arlon.
if (process.env.ARLON_PLUGINS !== 'off') {
  backend.add(import('@arlon-backstage/plugin-arlon-backend'));
  backend.add(import('./sandboxFeature'));
  backend.add(import('@arlon-backstage/plugin-catalog-backend-module-arlon'));
  backend.add(
    import('@arlon-backstage/plugin-scaffolder-backend-module-arlon'),
  );
  // Arlon's workload clusters, with read-only credentials of their own, for the Kubernetes plugin.
  backend.add(
    import('@arlon-backstage/plugin-kubernetes-backend-module-arlon'),
  );
}

backend.start();
