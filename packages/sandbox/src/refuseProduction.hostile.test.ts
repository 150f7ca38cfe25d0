import fs from 'node:fs/promises';
import os from 'node:os';
import { createBackendPlugin } from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { main } from './cli';
import { Sandbox } from './Sandbox';
import { sandboxModule } from './sandboxModule';
import { SandboxInProductionError } from './refuseProduction';

const REFUSAL =
  /^The Arlon sandbox refuses to start under NODE_ENV=production: .*Remove arlon\.sandbox \(or set arlon\.sandbox\.enabled: false\) in the production config/;

/** The sandbox's work folders in the temp dir: starting would make one. */
const sandboxDirs = async () =>
  (await fs.readdir(os.tmpdir())).filter(d => d.startsWith('arlon-sandbox-'));

describe('the sandbox under NODE_ENV=production', () => {
  const nodeEnv = process.env.NODE_ENV;
  beforeEach(() => {
    process.env.NODE_ENV = 'production';
  });
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it('Sandbox.start refuses, saying what to change, and starts nothing', async () => {
    const before = await sandboxDirs();
    const error = await Sandbox.start({ token: 'fixed' }).catch(e => e);
    expect(error).toBeInstanceOf(SandboxInProductionError);
    expect(error.message).toMatch(REFUSAL);
    expect(await sandboxDirs()).toEqual(before);
  });

  it('the backend module fails the backend start-up when the sandbox is enabled', async () => {
    const arlon = createBackendPlugin({
      pluginId: 'arlon',
      register(env) {
        env.registerInit({ deps: {}, async init() {} });
      },
    });
    const before = await sandboxDirs();
    await expect(
      startTestBackend({
        features: [
          arlon,
          sandboxModule,
          mockServices.rootConfig.factory({
            data: {
              arlon: {
                sandbox: {
                  enabled: true,
                  token: 'sandbox-token',
                  apiServerPort: 0,
                  gitPort: 0,
                  fleetSeedDir: 'examples/fleet',
                },
              },
            },
          }),
        ],
      }),
    ).rejects.toThrow(
      /The Arlon sandbox refuses to start under NODE_ENV=production/,
    );
    expect(await sandboxDirs()).toEqual(before);
  });

  it('`yarn sandbox` refuses too', async () => {
    await expect(main(['--token', 'fixed'])).rejects.toThrow(REFUSAL);
  });

  it('a backend that does not enable it still starts (the module only refuses to run the sandbox)', async () => {
    const arlon = createBackendPlugin({
      pluginId: 'arlon',
      register(env) {
        env.registerInit({ deps: {}, async init() {} });
      },
    });
    const before = await sandboxDirs();
    const backend = await startTestBackend({
      features: [
        arlon,
        sandboxModule,
        mockServices.rootConfig.factory({ data: {} }),
      ],
    });
    expect(await sandboxDirs()).toEqual(before);
    await backend.stop();
  });
});
