import path from 'node:path';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import {
  eventually,
  kubeConfigFor,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from './plugin';
import {
  arlonConfigAs,
  portalAccountToken,
} from './__testUtils__/portalAccount';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

const clusterYaml = (name: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  clusterSpec: docker-dev\n  profiles: [infrastructure]\n`;

/**
 * Deleting a cluster through the portal, against the sandbox: bundles first
 * (pruned while the cluster answers), then Cluster API, then the ArgoCD
 * registration; the order is read from the sandbox's event log, which records
 * every change in the management and workload clusters in one sequence.
 */
describe('ordered cluster deletion', () => {
  let sandbox: Sandbox;
  let server: any;
  let custom: CustomObjectsApi;
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
    const kc = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
    custom = kc.makeApiClient(CustomObjectsApi);
    core = kc.makeApiClient(CoreV1Api);
    await request(server).post('/api/arlon/regenerate').expect(200);
    await request(server).post('/api/arlon/bootstrap').expect(200);
  }, 60_000);
  afterAll(() => sandbox.stop());

  const application = (name: string) =>
    custom.getNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      plural: 'applications',
      namespace: 'argocd',
      name,
    }) as Promise<any>;
  const capiCluster = (name: string) =>
    custom.getNamespacedCustomObject({
      group: 'cluster.x-k8s.io',
      version: 'v1beta1',
      plural: 'clusters',
      namespace: name,
      name,
    }) as Promise<any>;
  const gone = (read: () => Promise<unknown>) => () =>
    read().then(
      () => false,
      (e: any) => e.code === 404,
    );

  async function builtWithBundles(name: string) {
    await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(clusterYaml(name))
      .expect(201);
    await eventually(
      async () =>
        (await application(`${name}-readonly-rbac`)).status?.sync?.status ===
        'Synced',
      `${name}'s readonly-rbac bundle to sync`,
    );
  }

  it('removes the bundles (pruned in the live cluster) before Cluster API tears it down, and the ArgoCD Secret last', async () => {
    await builtWithBundles('qa-del');
    const deleted = await request(server).delete('/api/arlon/clusters/qa-del');
    expect([200, 202]).toContain(deleted.status);
    await eventually(
      gone(() => capiCluster('qa-del')),
      'the CAPI Cluster to go',
    );
    await eventually(
      gone(() =>
        core.readNamespacedSecret({
          name: 'cluster-qa-del',
          namespace: 'argocd',
        }),
      ),
      'the ArgoCD Secret to go',
    );

    const log = sandbox.events;
    // The bundle's ClusterRole, pruned in the workload cluster itself.
    const pruned = log.first({
      cluster: 'qa-del',
      kind: 'ClusterRole',
      name: 'arlon-readonly',
      type: 'DELETED',
    });
    const bundleAppsGone = log
      .all({
        cluster: 'management',
        kind: 'Application',
        type: 'DELETED',
        label: ['arlon.io/kind', 'bundle'],
      })
      .filter(e => e.labels['arlon.io/cluster'] === 'qa-del')
      .pop();
    const teardownBegins = log.first({
      cluster: 'management',
      kind: 'Cluster',
      namespace: 'qa-del',
      deleting: true,
    });
    const tornDown = log.first({ cluster: 'qa-del', type: 'TORNDOWN' });
    const secretGone = log.first({
      cluster: 'management',
      kind: 'Secret',
      name: 'cluster-qa-del',
      type: 'DELETED',
    });
    expect(pruned).toBeDefined();
    expect(bundleAppsGone).toBeDefined();
    expect(teardownBegins).toBeDefined();
    expect(tornDown).toBeDefined();
    expect(secretGone).toBeDefined();
    expect(pruned!.seq).toBeLessThan(teardownBegins!.seq);
    expect(bundleAppsGone!.seq).toBeLessThan(teardownBegins!.seq);
    expect(teardownBegins!.seq).toBeLessThan(secretGone!.seq);
    // Every bundle Application of the cluster went before its teardown.
    expect(
      log
        .all({
          cluster: 'management',
          kind: 'Application',
          label: ['arlon.io/kind', 'bundle'],
        })
        .filter(e => e.labels['arlon.io/cluster'] === 'qa-del')
        .every(e => e.seq < teardownBegins!.seq),
    ).toBe(true);
  }, 90_000);

  it('shows "deleting: removing bundles" in the cluster status while its bundles go, and keeps the labels off', async () => {
    await builtWithBundles('qa-status');
    // Hold one bundle Application with a finalizer nobody removes, as a
    // resource that cannot be pruned would in ArgoCD.
    await custom.patchNamespacedCustomObject(
      {
        group: 'argoproj.io',
        version: 'v1alpha1',
        plural: 'applications',
        namespace: 'argocd',
        name: 'qa-status-readonly-rbac',
        body: {
          metadata: {
            finalizers: [
              'resources-finalizer.argocd.argoproj.io/foreground',
              'example.com/stuck',
            ],
          },
        },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const deleted = await request(server)
      .delete('/api/arlon/clusters/qa-status')
      .expect(202);
    expect(deleted.body).toMatchObject({
      cluster: 'qa-status',
      action: 'delete',
    });
    expect(deleted.body.message).toMatch(/^deleting: removing bundles/);
    const view = await eventually(async () => {
      const res = await request(server).get('/api/arlon/clusters/qa-status');
      return res.body.status?.deletion?.bundlesLeft === 1 && res.body;
    }, 'the deletion status');
    expect(view.status.deletion).toMatchObject({
      stage: 'removingBundles',
      bundlesLeft: 1,
    });
    // Nothing else went: the definition and the CAPI Cluster are still there.
    expect((await capiCluster('qa-status')).metadata.deletionTimestamp).toBe(
      undefined,
    );
    const secret = await core.readNamespacedSecret({
      name: 'cluster-qa-status',
      namespace: 'argocd',
    });
    expect(
      Object.keys(secret.metadata?.labels ?? {}).filter(k =>
        k.startsWith('profile.arlon.io/'),
      ),
    ).toEqual([]);
    // Asking again joins the deletion under way.
    await request(server).delete('/api/arlon/clusters/qa-status').expect(202);

    // Once the stuck bundle goes, the deletion finishes on its own.
    await custom.patchNamespacedCustomObject(
      {
        group: 'argoproj.io',
        version: 'v1alpha1',
        plural: 'applications',
        namespace: 'argocd',
        name: 'qa-status-readonly-rbac',
        body: { metadata: { finalizers: null } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await eventually(
      gone(() => capiCluster('qa-status')),
      'the CAPI Cluster to go',
    );
    await request(server).get('/api/arlon/clusters/qa-status').expect(404);
  }, 90_000);

  it('refuses to delete an external cluster (409: unregister it) and changes nothing', async () => {
    const res = await request(server)
      .delete('/api/arlon/clusters/edge-imported')
      .expect(409);
    expect(res.body.error.message).toMatch(
      /external.*Unregister it instead \(POST \/api\/arlon\/clusters\/edge-imported\/unregister\)/,
    );
    await request(server).get('/api/arlon/clusters/edge-imported').expect(200);
  });

  it('previews what a deletion removes (dry run): bundle Applications, Cluster API objects, the registration; removes nothing', async () => {
    await builtWithBundles('qa-plan');
    const plan = await request(server)
      .delete('/api/arlon/clusters/qa-plan?dryRun=true')
      .expect(200);
    expect(plan.body).toMatchObject({
      dryRun: true,
      cluster: 'qa-plan',
      external: false,
      registration: {
        managementCluster: 'sandbox',
        secret: 'argocd/cluster-qa-plan',
      },
    });
    expect(plan.body.bundleApplications).toEqual([
      'qa-plan-calico',
      'qa-plan-cert-manager',
      'qa-plan-readonly-rbac',
    ]);
    expect(plan.body.clusterObjects).toEqual(
      expect.arrayContaining([{ kind: 'Cluster', name: 'qa-plan' }]),
    );
    expect(plan.body.files).toEqual(
      expect.arrayContaining([
        { path: 'arlon/clusters/qa-plan.yaml', action: 'delete' },
      ]),
    );
    const secret = await core.readNamespacedSecret({
      name: 'cluster-qa-plan',
      namespace: 'argocd',
    });
    expect(secret.metadata?.labels?.['profile.arlon.io/infrastructure']).toBe(
      'true',
    );
    expect(secret.metadata?.annotations?.['arlon.io/deleting']).toBeUndefined();
  }, 90_000);

  it('never cascades from the bootstrap Application: deleting arlon-fleet leaves every cluster standing', async () => {
    await custom.deleteNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      plural: 'applications',
      namespace: 'argocd',
      name: 'arlon-fleet',
    });
    await eventually(
      gone(() => application('arlon-fleet')),
      'arlon-fleet to go',
    );
    await sandbox.settled();
    await new Promise(r => setTimeout(r, 500));
    expect((await application('qa-plan')).metadata.deletionTimestamp).toBe(
      undefined,
    );
    expect((await capiCluster('qa-plan')).metadata.deletionTimestamp).toBe(
      undefined,
    );
  }, 30_000);
});
