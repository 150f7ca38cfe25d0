import path from 'node:path';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  CoreV1Api,
  CustomObjectsApi,
  RbacAuthorizationV1Api,
} from '@kubernetes/client-node';
import {
  eventually,
  KubeApiServer,
  kubeConfigFor,
  kubeconfigYaml,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';
import {
  arlonConfigAs,
  portalAccountToken,
} from '../__testUtils__/portalAccount';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');

/**
 * An external cluster imported and then unregistered through the API: its
 * bundles are pruned in the cluster first, then ArgoCD's account there goes,
 * then its ArgoCD Secret, then its definition (one commit); the cluster
 * itself keeps running.
 */
describe('unregistering an external cluster', () => {
  let sandbox: Sandbox;
  let server: any;
  let edge: KubeApiServer;
  let core: CoreV1Api;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            arlon: arlonConfigAs(sandbox, await portalAccountToken(sandbox)),
          },
        }),
      ],
    }));
    void scheduler.triggerTask('arlon-registration');
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    await request(server).post('/api/arlon/regenerate').expect(200);
    await request(server).post('/api/arlon/bootstrap').expect(200);
    edge = await KubeApiServer.start({ token: 'edge-admin' });
    sandbox.servers.set(edge.url, edge); // the sandbox's "network": ArgoCD reaches it
    edge.store.observe(e => sandbox.events.record('edge-9', e));
  }, 60_000);
  afterAll(async () => {
    await edge.stop();
    await sandbox.stop();
  });

  it('prunes its bundles, removes ArgoCD account and Secret, then deletes its definition; the cluster stays', async () => {
    await request(server)
      .post('/api/arlon/clusters/import')
      .send({
        name: 'edge-9',
        kubeconfig: kubeconfigYaml(
          'edge-9',
          edge.url,
          'edge-admin',
          edge.caData,
        ),
        profiles: ['infrastructure'],
      })
      .expect(201);
    const edgeKc = kubeConfigFor(edge.url, 'edge-admin', edge.caData);
    const edgeRbac = edgeKc.makeApiClient(RbacAuthorizationV1Api);
    await eventually(
      () => edgeRbac.readClusterRole({ name: 'arlon-readonly' }),
      'the readonly-rbac bundle in the edge cluster',
    );
    const plan = await request(server)
      .post('/api/arlon/clusters/edge-9/unregister?dryRun=true')
      .expect(200);
    expect(plan.body).toMatchObject({
      dryRun: true,
      external: true,
      clusterObjects: [],
      registration: { secret: 'argocd/cluster-edge-9' },
    });
    expect(plan.body.bundleApplications).toContain('edge-9-readonly-rbac');

    const res = await request(server)
      .post('/api/arlon/clusters/edge-9/unregister')
      .expect(200);
    // ArgoCD's own token ends with its service account (as in a real
    // cluster), so what comes after it is left, named, for an administrator.
    expect(res.body).toMatchObject({
      action: 'unregister',
      left: [
        'ClusterRoleBinding argocd-manager-role-binding',
        'ClusterRole argocd-manager-role',
        'Secret kube-system/argocd-manager-token',
      ],
    });
    expect(res.body.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.files).toEqual(
      expect.arrayContaining([
        { path: 'arlon/clusters/edge-9.yaml', action: 'delete' },
      ]),
    );
    expect(res.body.revoked).toEqual(
      expect.arrayContaining(['ServiceAccount kube-system/argocd-manager']),
    );

    // The cluster answers still, with neither the bundle nor ArgoCD's account.
    await expect(
      edgeRbac.readClusterRole({ name: 'arlon-readonly' }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      edgeKc.makeApiClient(CoreV1Api).readNamespacedServiceAccount({
        name: 'argocd-manager',
        namespace: 'kube-system',
      }),
    ).rejects.toMatchObject({ code: 404 });
    await expect(
      core.readNamespacedSecret({
        name: 'cluster-edge-9',
        namespace: 'argocd',
      }),
    ).rejects.toMatchObject({ code: 404 });
    await request(server).get('/api/arlon/clusters/edge-9').expect(404);

    // In order: the bundle pruned, then ArgoCD's account, then the Secret.
    const log = sandbox.events;
    const pruned = log.first({
      cluster: 'edge-9',
      kind: 'ClusterRole',
      name: 'arlon-readonly',
      type: 'DELETED',
    })!;
    const account = log.first({
      cluster: 'edge-9',
      kind: 'ServiceAccount',
      name: 'argocd-manager',
      type: 'DELETED',
    })!;
    const secret = log.first({
      cluster: 'management',
      kind: 'Secret',
      name: 'cluster-edge-9',
      type: 'DELETED',
    })!;
    expect(pruned.seq).toBeLessThan(account.seq);
    expect(account.seq).toBeLessThan(secret.seq);
    const apps = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CustomObjectsApi);
    const left: any = await apps.listNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      namespace: 'argocd',
      plural: 'applications',
      labelSelector: 'arlon.io/cluster=edge-9',
    });
    expect(left.items).toEqual([]);
  }, 90_000);

  it('says the bundles are gone when the admin kubeconfig cannot revoke, and keeps Secret and definition for a retry', async () => {
    await request(server)
      .post('/api/arlon/clusters/import')
      .send({
        name: 'edge-10',
        kubeconfig: kubeconfigYaml(
          'edge-10',
          edge.url,
          'edge-admin',
          edge.caData,
        ),
        profiles: [],
      })
      .expect(201);
    const res = await request(server)
      .post('/api/arlon/clusters/edge-10/unregister')
      .send({
        kubeconfig: kubeconfigYaml(
          'edge-10',
          edge.url,
          'wrong-token',
          edge.caData,
        ),
      });
    expect([res.status, res.body.error?.message]).toEqual([
      503,
      expect.stringMatching(
        /^The cluster's bundles are removed, but ArgoCD's account in it could not be removed .*\(HTTP 401\)\. Its ArgoCD Secret and definition are unchanged/,
      ),
    ]);
    await core.readNamespacedSecret({
      name: 'cluster-edge-10',
      namespace: 'argocd',
    });
    await request(server).get('/api/arlon/clusters/edge-10').expect(200);
    // Without the kubeconfig, ArgoCD's own token finishes the job.
    await request(server)
      .post('/api/arlon/clusters/edge-10/unregister')
      .expect(200);
  });
});
