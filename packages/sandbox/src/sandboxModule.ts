import path from 'node:path';
import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { Sandbox } from './Sandbox';
import { refuseProduction } from './refuseProduction';

/**
 * Starts the sandbox alongside the `arlon` backend plugin when
 * `arlon.sandbox.enabled` is true. The portal's config then points
 * `arlon.managementClusters` and `arlon.fleetRepo` at the sandbox's fixed
 * loopback ports, exactly as it would point them at a real cluster.
 *
 * @public
 */
export const sandboxModule = createBackendModule({
  pluginId: 'arlon',
  moduleId: 'sandbox',
  register(reg) {
    reg.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        lifecycle: coreServices.lifecycle,
      },
      async init({ config, logger, lifecycle }) {
        const sandboxConfig = config.getOptionalConfig('arlon.sandbox');
        if (!sandboxConfig?.getOptionalBoolean('enabled')) return;
        // Before reading anything else: the backend fails to start, saying why.
        refuseProduction();

        const sandbox = await Sandbox.start({
          token: sandboxConfig.getString('token'),
          apiServerPort: sandboxConfig.getNumber('apiServerPort'),
          gitPort: sandboxConfig.getNumber('gitPort'),
          fleetSeedDir: path.resolve(sandboxConfig.getString('fleetSeedDir')),
          provisioningDelayMs: sandboxConfig.getOptionalNumber(
            'provisioningDelayMs',
          ),
          bootstrap: sandboxConfig.getOptionalBoolean('bootstrap') ?? false,
        });
        logger.info(
          `Sandbox management cluster at ${sandbox.apiServer.url}, fleet repository at ${sandbox.fleetRepoUrl} (development only)`,
        );
        lifecycle.addShutdownHook(() => sandbox.stop());
      },
    });
  },
});
