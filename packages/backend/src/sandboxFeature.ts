import {
  coreServices,
  createBackendFeatureLoader,
} from '@backstage/backend-plugin-api';

const SANDBOX = '@arlon-backstage/arlon-sandbox';

/**
 * The sandbox management cluster, loaded only when `arlon.sandbox.enabled` is
 * true (app-config.yaml in development; app-config.production.yaml turns it
 * off). The sandbox is a devDependency of this backend: a production install
 * does not have it, and with the flag off nothing here imports it.
 */
export default createBackendFeatureLoader({
  deps: { config: coreServices.rootConfig },
  async *loader({ config }) {
    if (!config.getOptionalBoolean('arlon.sandbox.enabled')) return;
    let sandbox: typeof import('@arlon-backstage/arlon-sandbox');
    try {
      // Required only here, never imported at the top: a devDependency on
      // purpose (see above). require, as the backend runs as CommonJS.
      // eslint-disable-next-line @backstage/no-undeclared-imports, @typescript-eslint/no-require-imports
      sandbox = require('@arlon-backstage/arlon-sandbox');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND')
        throw error;
      throw new Error(
        `arlon.sandbox.enabled is true, but ${SANDBOX} is not installed: it is a development dependency, left out of production installs. Set arlon.sandbox.enabled to false (app-config.production.yaml does), or install the development dependencies.`,
      );
    }
    yield sandbox.default;
  },
});
