import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createBackendPlugin,
  type SchedulerService,
  type ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  Sandbox,
  eventually,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import {
  type FleetChanged,
  fleetChangesServiceRef,
} from '@arlon-backstage/plugin-arlon-node';
import request from 'supertest';
import { catalogModuleArlon } from './module';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');
/** A change anywhere reaches the labels of every replica's clusters in under 10 s. */
const WITHIN_10_S = 10_000;

jest.setTimeout(120_000);

type Scheduler = SchedulerService & {
  factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
  triggerTask(id: string): Promise<void>;
};

/**
 * Where both backends keep their databases: one SQLite directory, or the
 * test PostgreSQL (scripts/postgres.sh) under a prefix of this run's own.
 */
async function sharedDatabase() {
  const postgres = process.env.ARLON_TEST_POSTGRES;
  if (postgres) {
    const connection =
      process.env[
        `BACKSTAGE_TEST_DATABASE_${postgres.replace('_', '')}_CONNECTION_STRING`
      ];
    return {
      config: {
        client: 'pg',
        connection,
        prefix: `arlon_two_${randomBytes(4).toString('hex')}_`,
      },
      cleanup: async () => {},
    };
  }
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'arlon-two-db-'));
  return {
    config: { client: 'better-sqlite3', connection: { directory } },
    cleanup: () => fs.rm(directory, { recursive: true, force: true }),
  };
}

/** Records what one backend's signal said, as a plugin of that backend. */
function recorder() {
  const signalled: FleetChanged[] = [];
  const feature = createBackendPlugin({
    pluginId: 'recorder',
    register(env) {
      env.registerInit({
        deps: { changes: fleetChangesServiceRef },
        async init({ changes }) {
          changes.subscribe(c => void signalled.push(c));
        },
      });
    },
  });
  return {
    feature,
    signalled,
    saw: (commit: string) => signalled.some(s => s.commit === commit),
  };
}

const qa1 = (profiles: string[]) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\nspec:\n  clusterSpec: docker-dev\n  profiles: [${profiles.join(
    ', ',
  )}]\n`;

/**
 * Two replicas of the portal sharing one sandbox (Git and management
 * cluster) and one database. Only A holds the registration task; commits
 * made through B, or pushed by hand, must still reach the ArgoCD labels
 * (through A's watch of the branch) and both catalogs.
 */
describe('two backends sharing one sandbox and one database', () => {
  let sandbox: Sandbox;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  const a = recorder();
  const b = recorder();
  let serverA: any;
  let serverB: any;
  let core: CoreV1Api;

  const start = async (
    record: ReturnType<typeof recorder>,
    holdsRegistration: boolean,
  ) => {
    const scheduler = mockServices.scheduler() as Scheduler;
    const { server } = await startTestBackend({
      features: [
        catalogPlugin,
        catalogModuleArlon,
        arlonPlugin,
        record.feature,
        // Tasks run by hand: a global task is held by one replica only.
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            backend: { database: database.config },
            arlon: sandbox.arlonConfig(),
            catalog: {
              providers: {
                arlon: {
                  schedule: {
                    frequency: { minutes: 30 },
                    timeout: { minutes: 5 },
                  },
                },
              },
              processingInterval: { seconds: 1 },
            },
          },
        }),
      ],
    });
    await scheduler.triggerTask('arlon-provider:default:full-sync');
    if (holdsRegistration) void scheduler.triggerTask('arlon-registration');
    return server;
  };

  const labelsOfQa1 = async () =>
    (
      await core
        .readNamespacedSecret({ name: 'cluster-qa-1', namespace: 'argocd' })
        .catch(() => undefined)
    )?.metadata?.labels ?? {};
  const catalogProfilesOfQa1 = async (server: any) => {
    const res = await request(server).get(
      '/api/catalog/entities/by-name/resource/default/qa-1',
    );
    return res.status === 200
      ? (res.body.relations ?? [])
          .map((r: any) => r.targetRef)
          .filter((t: string) => t.startsWith('resource:default/profile-'))
          .sort()
      : [];
  };
  const headOf = async (server: any) =>
    (await request(server).get('/api/arlon/health').expect(200)).body
      .fleetRepository?.headCommit as string;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
    database = await sharedDatabase();
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    serverA = await start(a, true);
    serverB = await start(b, false);
    await request(serverA).post('/api/arlon/regenerate').expect(200);
    await request(serverA).post('/api/arlon/bootstrap').expect(200);
  });
  afterAll(async () => {
    await sandbox.stop();
    await database.cleanup();
  });

  it('a cluster created through B, which holds no task, is registered by A with its profile label', async () => {
    await request(serverB)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(qa1(['infrastructure']))
      .expect(201);
    await eventually(
      async () =>
        (await labelsOfQa1())['profile.arlon.io/infrastructure'] === 'true',
      'qa-1 registered with its profile label',
      60_000,
    );
    expect(await labelsOfQa1()).toMatchObject({ 'arlon.io/cluster': 'qa-1' });
  });

  it('a profile applied through B reaches the labels A keeps, and both processes are told of the commit', async () => {
    const applied = await request(serverB)
      .post('/api/arlon/profiles/apply')
      .send({ profiles: ['apps'], clusters: ['qa-1'] })
      .expect(200);
    const commit: string = applied.body.commit;
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    // B made it: told at once. A learns it from the branch's head.
    expect(b.signalled).toContainEqual({ commit, source: 'write' });
    await eventually(
      async () => (await labelsOfQa1())['profile.arlon.io/apps'] === 'true',
      'the apps label on qa-1, kept by A',
      WITHIN_10_S,
    );
    await eventually(async () => a.saw(commit), 'A told of B’s commit');
    expect(a.signalled.find(s => s.commit === commit)?.source).toBe('poll');
    for (const server of [serverA, serverB])
      await eventually(
        async () =>
          JSON.stringify(await catalogProfilesOfQa1(server)) ===
          JSON.stringify([
            'resource:default/profile-apps',
            'resource:default/profile-infrastructure',
          ]),
        'the catalog to show qa-1 with both profiles',
        30_000,
      );
  });

  it('a commit pushed by hand reaches the labels within 10 s, and both backends see it', async () => {
    await sandbox.pushToFleet(
      { 'arlon/clusters/qa-1.yaml': qa1(['infrastructure']) },
      'qa-1 without apps, by hand',
    );
    await eventually(
      async () => !('profile.arlon.io/apps' in (await labelsOfQa1())),
      'the apps label gone from qa-1',
      WITHIN_10_S,
    );
    expect((await labelsOfQa1())['profile.arlon.io/infrastructure']).toBe(
      'true',
    );
    const head = await headOf(serverA);
    for (const replica of [a, b]) {
      await eventually(async () => replica.saw(head), 'the hand push seen');
    }
    for (const server of [serverA, serverB])
      await eventually(
        async () =>
          JSON.stringify(await catalogProfilesOfQa1(server)) ===
          JSON.stringify(['resource:default/profile-infrastructure']),
        'the catalog to show qa-1 with one profile',
        30_000,
      );
  });

  it('each backend is told of each commit once', () => {
    for (const replica of [a, b]) {
      const commits = replica.signalled.map(s => s.commit);
      expect(new Set(commits).size).toBe(commits.length);
    }
  });
});
