import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createBackendModule,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import { Sandbox, eventually } from '@arlon-backstage/arlon-sandbox';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import catalogModuleArlon from '@arlon-backstage/plugin-catalog-backend-module-arlon';
import scaffolderModuleArlon from '@arlon-backstage/plugin-scaffolder-backend-module-arlon';
import {
  fleetChangesServiceRef,
  fleetRepositoryServiceRef,
  managementClustersServiceRef,
} from '@arlon-backstage/plugin-arlon-node';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

jest.setTimeout(120_000);

/** The paths FleetInformers list and watch on a management cluster. */
const INFORMER_PATHS = [
  '/apis/cluster.x-k8s.io/v1beta1/clusters',
  '/api/v1/secrets',
  '/api/v1/namespaces/argocd/secrets',
  '/apis/argoproj.io/v1alpha1/namespaces/argocd/applications',
  '/apis/argoproj.io/v1alpha1/namespaces/argocd/applicationsets',
];

type Seen = Record<string, unknown>;

/** What the Arlon services are, as a plugin or module of `pluginId` sees them. */
function witness(pluginId: string, seen: Map<string, Seen>) {
  const deps = {
    repository: fleetRepositoryServiceRef,
    clusters: managementClustersServiceRef,
    changes: fleetChangesServiceRef,
  };
  const init = async (services: Seen) => void seen.set(pluginId, services);
  if (pluginId === 'witness')
    return createBackendPlugin({
      pluginId,
      register: env => env.registerInit({ deps, init }),
    });
  return createBackendModule({
    pluginId,
    moduleId: 'arlon-witness',
    register: env => env.registerInit({ deps, init }),
  });
}

/**
 * One process, one fleet: the arlon plugin and the catalog and scaffolder
 * modules share one fleet checkout (one write lock) and one informer set per
 * management cluster, instead of one each.
 */
describe('the Arlon services of one backend', () => {
  let sandbox: Sandbox;
  let workingDirectory: string;
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  const seen = new Map<string, Seen>();

  beforeAll(async () => {
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    workingDirectory = await fs.mkdtemp(
      path.join(os.tmpdir(), 'arlon-shared-'),
    );
    backend = await startTestBackend({
      features: [
        arlonPlugin,
        catalogPlugin,
        catalogModuleArlon,
        scaffolderPlugin,
        scaffolderModuleArlon,
        witness('witness', seen),
        witness('catalog', seen),
        witness('scaffolder', seen),
        mockServices.rootConfig.factory({
          data: {
            backend: { workingDirectory },
            arlon: sandbox.arlonConfig(),
          },
        }),
      ],
    });
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
    await fs.rm(workingDirectory, { recursive: true, force: true });
  });

  it('gives every plugin and module the same instances', () => {
    const [first, ...others] = ['witness', 'catalog', 'scaffolder'].map(
      id => seen.get(id)!,
    );
    expect(first.repository).toBeDefined();
    for (const other of others) {
      expect(other.repository).toBe(first.repository);
      expect(other.clusters).toBe(first.clusters);
      expect(other.changes).toBe(first.changes);
    }
  });

  it('keeps one checkout of the fleet repository', async () => {
    const { repository } = seen.get('witness')! as any;
    // Reading clones; every plugin reads through the one repository.
    await repository.read();
    const checkouts = (await fs.readdir(workingDirectory)).filter(name =>
      name.startsWith('arlon-fleet-'),
    );
    expect(checkouts).toHaveLength(1);
  });

  it('watches each resource of the management cluster once, though the plugin and the catalog module both follow it', async () => {
    const watchesOf = () => {
      const open = sandbox.apiServer.openWatches();
      return INFORMER_PATHS.map(p => open.filter(o => o === p).length);
    };
    // Both users have started (the plugin at start-up, the catalog module on connect).
    await eventually(
      async () => watchesOf().every(n => n >= 1),
      'every informer watching',
    );
    const { clusters } = seen.get('catalog')! as any;
    await Promise.all(
      clusters.list().flatMap((c: any) => {
        const i = c.informers();
        return [
          i.capiClusters,
          i.kubeconfigSecrets,
          i.argocdClusterSecrets,
          i.applications,
          i.applicationSets,
        ].map(informer => informer.ready);
      }),
    );
    expect(watchesOf()).toEqual(INFORMER_PATHS.map(() => 1));
  });
});
