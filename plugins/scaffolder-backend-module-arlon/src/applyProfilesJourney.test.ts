import fs from 'node:fs';
import path from 'node:path';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import { CoreV1Api } from '@kubernetes/client-node';
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

jest.setTimeout(120_000);

/**
 * The apply-profiles template end to end: its commit is made by the
 * scaffolder module's own fleet repository, and still reaches the ArgoCD
 * labels within seconds. The branch's head is asked for only once an hour
 * here, so only the commit announcing itself can explain it.
 */
describe('the apply-profiles template', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
  });
  afterAll(() => sandbox.stop());

  it('applies a profile in one commit, and the cluster’s ArgoCD Secret carries its label within seconds', async () => {
    const template = parse(
      fs.readFileSync(
        path.resolve(__dirname, '../templates/apply-profiles/template.yaml'),
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
            arlon: {
              ...sandbox.arlonConfig(),
              fleetRepo: {
                url: sandbox.fleetRepoUrl,
                branch: 'main',
                pollSeconds: 3600,
              },
            },
          },
        }),
      ],
    });
    void scheduler.triggerTask('arlon-registration');
    await request(server).post('/api/arlon/regenerate').expect(200);
    await request(server).post('/api/arlon/bootstrap').expect(200);
    await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(
        'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-7\nspec:\n  clusterSpec: docker-dev\n  profiles: [infrastructure]\n',
      )
      .expect(201);
    const core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    const labels = async () =>
      (
        await core
          .readNamespacedSecret({ name: 'cluster-qa-7', namespace: 'argocd' })
          .catch(() => undefined)
      )?.metadata?.labels ?? {};
    await eventually(
      async () =>
        (await labels())['profile.arlon.io/infrastructure'] === 'true',
      'qa-7 registered',
      60_000,
    );

    const task = await request(server)
      .post('/api/scaffolder/v2/tasks')
      .send({
        templateRef: 'template:default/arlon-apply-profiles',
        values: {
          profiles: ['resource:default/profile-apps'],
          by: 'names',
          clusters: ['resource:default/qa-7'],
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
    await eventually(
      async () => (await labels())['profile.arlon.io/apps'] === 'true',
      'the apps label from the template’s commit',
      10_000,
    );
  });
});
