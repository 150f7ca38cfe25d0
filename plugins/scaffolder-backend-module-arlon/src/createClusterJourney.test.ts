import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import {
  Sandbox,
  kubeConfigFor,
  eventually,
} from '@arlon-backstage/arlon-sandbox';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import request from 'supertest';
import { parse } from 'yaml';
import { EXAMPLE } from './__testUtils__/testFleet';
import { scaffolderModuleArlon } from './module';

const run = promisify(execFile);

/** Commits on the fleet repository's branch, read through a bare clone. */
async function fleetCommits(url: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-'));
  await run('git', ['clone', '-q', '--bare', url, dir]);
  const { stdout } = await run('git', [
    '-C',
    dir,
    'rev-list',
    '--count',
    'main',
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
  return Number(stdout.trim());
}

/**
 * The create-cluster template end to end: a scaffolder task runs the real
 * template, makes one commit, and the sandbox's Cluster API builds the
 * cluster, which the registration controller registers in ArgoCD.
 */
describe('the create-cluster template', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
  });
  afterAll(() => sandbox.stop());

  it('makes one commit, and the cluster becomes Provisioned and registered', async () => {
    const template = parse(
      fs.readFileSync(
        path.resolve(__dirname, '../templates/create-cluster/template.yaml'),
        'utf8',
      ),
    );
    template.metadata.namespace = 'default';
    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    const { server } = await startTestBackend({
      features: [
        arlonPlugin,
        scaffolderPlugin,
        scaffolderModuleArlon,
        catalogServiceMock.factory({ entities: [template] }),
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            arlon: sandbox.arlonConfig(),
          },
        }),
      ],
    });
    void scheduler.triggerTask('arlon-registration');
    await request(server).post('/api/arlon/regenerate').expect(200);
    await request(server).post('/api/arlon/bootstrap').expect(200);
    const before = await fleetCommits(sandbox.fleetRepoUrl);

    const task = await request(server)
      .post('/api/scaffolder/v2/tasks')
      .send({
        templateRef: 'template:default/arlon-create-cluster',
        values: {
          name: 'qa-9',
          clusterSpec: 'resource:default/clusterspec-docker-dev',
          mode: 'linked',
          profiles: ['resource:default/profile-infrastructure'],
          env: 'qa',
        },
      })
      .expect(201);
    const done: any = await eventually(async () => {
      const res = await request(server).get(
        `/api/scaffolder/v2/tasks/${task.body.id}`,
      );
      return ['completed', 'failed'].includes(res.body.status) && res.body;
    }, 'the task to finish');
    expect(done.status).toBe('completed');
    expect(await fleetCommits(sandbox.fleetRepoUrl)).toBe(before + 1);

    const kc = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
    const capi: any = await eventually(async () => {
      const c: any = await kc
        .makeApiClient(CustomObjectsApi)
        .getNamespacedCustomObject({
          group: 'cluster.x-k8s.io',
          version: 'v1beta1',
          plural: 'clusters',
          namespace: 'qa-9',
          name: 'qa-9',
        });
      return c.status?.phase === 'Provisioned' && c;
    }, 'the CAPI Cluster to be Provisioned');
    expect(capi.metadata.name).toBe('qa-9');
    const secret = await eventually(
      () =>
        kc
          .makeApiClient(CoreV1Api)
          .readNamespacedSecret({ name: 'cluster-qa-9', namespace: 'argocd' }),
      'the ArgoCD cluster Secret',
    );
    expect(secret.metadata?.labels).toMatchObject({
      'arlon.io/cluster': 'qa-9',
      'profile.arlon.io/infrastructure': 'true',
    });
  }, 90_000);
});
