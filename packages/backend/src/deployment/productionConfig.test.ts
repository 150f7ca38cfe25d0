import {
  ConfigSchema,
  ConfigSources,
  loadConfigSchema,
} from '@backstage/config-loader';
import { AppConfig, ConfigReader } from '@backstage/config';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEPLOYED_ENV } from './__testUtils__/deployedEnv';
import {
  configVariables,
  readRepoFile,
  repoPath,
} from './__testUtils__/repository';

const CONFIG_FILES = ['app-config.yaml', 'app-config.production.yaml'];

/** The config files as the image's CMD loads them, with `env` substituted. */
async function readConfigs(
  files: string[],
  env: Record<string, string>,
): Promise<AppConfig[]> {
  const source = ConfigSources.defaultForTargets({
    targets: files.map(target => ({ type: 'path', target })),
    substitutionFunc: async name => env[name],
    watch: false,
  });
  for await (const { configs } of source.readConfigData()) return configs;
  throw new Error('no config read');
}

/**
 * app-config.production.yaml, on top of app-config.yaml as the image loads
 * them, checked against the config schema of every package the backend
 * bundles (each plugin's config.d.ts), strictly: a key no schema declares is
 * an error, as `backstage-cli config:check --strict` reports it.
 */
describe('the production configuration', () => {
  let schema: ConfigSchema;
  const process = (configs: AppConfig[]) =>
    schema.process(configs, { visibility: ['frontend', 'backend', 'secret'] });
  const errorsOf = (configs: AppConfig[]): string[] => {
    try {
      process(configs);
      return [];
    } catch (error) {
      return (error as { messages?: string[] }).messages ?? [String(error)];
    }
  };
  const files = CONFIG_FILES.map(file => repoPath(file));

  beforeAll(async () => {
    schema = await loadConfigSchema({
      dependencies: ['backend'],
      packagePaths: [repoPath('package.json')],
      noUndeclaredProperties: true,
    });
  }, 60_000);

  it('matches the schema with the environment the Deployment gives it', async () => {
    const configs = await readConfigs(files, DEPLOYED_ENV);
    expect(errorsOf(configs)).toEqual([]);
  });

  it('names what is missing when the environment is not set', async () => {
    const configs = await readConfigs(files, {});
    expect(errorsOf(configs)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /'clientId'.* at \/auth\/providers\/github\/production$/,
        ),
        expect.stringMatching(
          /'clientSecret'.* at \/auth\/providers\/github\/production$/,
        ),
        expect.stringMatching(/'url'.* at \/arlon\/managementClusters\/0$/),
      ]),
    );
  });

  it('refuses a key no schema declares, naming it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-config-'));
    try {
      const typo = path.join(dir, 'app-config.typo.yaml');
      await fs.writeFile(typo, 'arlon:\n  fleetRepo:\n    branchName: main\n');
      const configs = await readConfigs([...files, typo], DEPLOYED_ENV);
      expect(errorsOf(configs)).toEqual([
        expect.stringMatching(
          /must NOT have additional properties.*branchName.* at \/arlon\/fleetRepo$/,
        ),
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  describe('as the portal reads it', () => {
    let config: ConfigReader;
    beforeAll(async () => {
      config = ConfigReader.fromConfigs(await readConfigs(files, DEPLOYED_ENV));
    });

    it('has no guest sign-in, and signs in with GitHub from the environment', () => {
      expect(config.getOptional('auth.providers.guest')).toBeUndefined();
      expect(config.getConfig('auth.providers').keys()).toEqual(['github']);
      expect(config.getString('auth.environment')).toBe('production');
      expect(config.get('auth.providers.github.production')).toEqual({
        clientId: DEPLOYED_ENV.AUTH_GITHUB_CLIENT_ID,
        clientSecret: DEPLOYED_ENV.AUTH_GITHUB_CLIENT_SECRET,
        signIn: {
          resolvers: [{ resolver: 'usernameMatchingUserEntityName' }],
        },
      });
    });

    it('never runs the sandbox, and allows no loopback workload cluster', () => {
      expect(config.getBoolean('arlon.sandbox.enabled')).toBe(false);
      expect(config.getStringArray('arlon.security.allowedNetworks')).toEqual(
        [],
      );
      // The development admins (the guest and its group) are gone.
      expect(config.getStringArray('arlon.permissions.admins')).toEqual([
        'group:default/platform',
      ]);
      expect(config.getString('catalog.providers.arlon.defaultOwner')).toBe(
        'group:default/platform',
      );
    });

    it('keeps its state in PostgreSQL from the environment', () => {
      expect(config.get('backend.database')).toEqual({
        client: 'pg',
        connection: {
          host: 'postgres.arlon.svc',
          port: '5432',
          user: 'backstage',
          password: 'from-a-secret',
        },
      });
    });

    it('serves app and backend on the one origin people open', () => {
      expect(config.getString('app.baseUrl')).toBe(
        DEPLOYED_ENV.PORTAL_BASE_URL,
      );
      expect(config.getString('backend.baseUrl')).toBe(
        DEPLOYED_ENV.PORTAL_BASE_URL,
      );
      expect(config.getString('backend.cors.origin')).toBe(
        DEPLOYED_ENV.PORTAL_BASE_URL,
      );
      expect(config.getString('backend.listen')).toBe(':7007');
    });

    it("registers Arlon's templates from where the image has them, and the mounted org", async () => {
      const locations = config.getConfigArray('catalog.locations').map(l => ({
        type: l.getString('type'),
        target: l.getString('target'),
      }));
      expect(locations).toEqual([
        { type: 'file', target: '/app/org/org.yaml' },
        {
          type: 'file',
          target:
            './node_modules/@arlon-backstage/plugin-scaffolder-backend-module-arlon/templates/all.yaml',
        },
      ]);
      // The image's working directory is the repository root's layout, with
      // the scaffolder module linked into node_modules; the package ships
      // its templates (files), so the production install has them.
      await expect(
        fs.access(repoPath(locations[1].target)),
      ).resolves.toBeUndefined();
      const scaffolderModule = JSON.parse(
        readRepoFile('plugins/scaffolder-backend-module-arlon/package.json'),
      );
      expect(scaffolderModule.files).toContain('templates');
    });
  });

  it('reads no variable the Deployment does not set, except the CA it replaces', () => {
    const required = new Set<string>();
    for (const file of CONFIG_FILES)
      for (const name of configVariables(readRepoFile(file)).required)
        required.add(name);
    // caData is left out: the Deployment trusts the cluster's CA through
    // NODE_EXTRA_CA_CERTS (deploy/portal/deployment.yaml).
    required.delete('ARLON_MANAGEMENT_CLUSTER_CA_DATA');
    expect([...required].filter(name => !(name in DEPLOYED_ENV))).toEqual([]);
  });
});
