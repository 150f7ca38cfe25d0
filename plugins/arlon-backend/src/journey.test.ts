import path from 'node:path';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  RbacAuthorizationV1Api,
} from '@kubernetes/client-node';
import {
  KubeApiServer,
  Sandbox,
  kubeConfigFor,
  kubeconfigYaml,
  eventually,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from './plugin';
import {
  arlonConfigAs,
  portalAccountToken,
} from './__testUtils__/portalAccount';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

/**
 * The whole path through real components: a cluster written through the API
 * is built by (simulated) CAPI, registered into (simulated) ArgoCD by the
 * registration controller, and gets its profile's applications synced. The
 * portal reaches the management cluster as its own service account, bound
 * to nothing but what `portalClusterRole()` generates: the journey passing
 * is what proves that role is enough (the sandbox enforces RBAC).
 */
describe('a cluster created through the API', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 300,
      argocdResyncMs: 200,
    });
  });
  afterAll(() => sandbox.stop());

  it('reaches Provisioned, is registered in ArgoCD with its profile label, and its applications sync', async () => {
    // The registration task holds its global lease for as long as it runs, so
    // it is started by hand rather than awaited at start-up.
    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    const { server } = await startTestBackend({
      features: [
        arlonPlugin,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            arlon: arlonConfigAs(sandbox, await portalAccountToken(sandbox)),
          },
        }),
      ],
    });
    void scheduler.triggerTask('arlon-registration');
    const kc = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
    const custom = kc.makeApiClient(CustomObjectsApi);
    const core = kc.makeApiClient(CoreV1Api);

    await request(server).post('/api/arlon/regenerate').expect(200);
    const boot = await request(server).post('/api/arlon/bootstrap').expect(200);
    // The fleet's AppProjects first, then arlon-fleet (the sandbox's
    // repository needs no credentials: no repository Secret).
    expect(boot.body.applied).toEqual([
      { kind: 'AppProject', name: 'arlon-bundles', namespace: 'argocd' },
      { kind: 'AppProject', name: 'arlon-clusters', namespace: 'argocd' },
      { kind: 'Application', name: 'arlon-fleet', namespace: 'argocd' },
    ]);

    await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(
        'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\nspec:\n  clusterSpec: docker-dev\n  profiles: [infrastructure]\n',
      )
      .expect(201);

    const capi: any = await eventually(async () => {
      const c: any = await custom.getNamespacedCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: 'qa-1',
        name: 'qa-1',
      });
      return c.status?.phase === 'Provisioned' && c;
    }, 'the CAPI Cluster to be Provisioned');
    expect(capi.spec.topology).toMatchObject({
      class: 'quick-start',
      version: 'v1.30.0',
    });

    const secret = await eventually(
      async () =>
        core.readNamespacedSecret({
          name: 'cluster-qa-1',
          namespace: 'argocd',
        }),
      'the ArgoCD cluster Secret',
    );
    expect(secret.metadata?.labels).toMatchObject({
      'argocd.argoproj.io/secret-type': 'cluster',
      'arlon.io/cluster': 'qa-1',
      'profile.arlon.io/infrastructure': 'true',
    });
    const config = JSON.parse(
      Buffer.from(secret.data!.config, 'base64').toString('utf8'),
    );
    // ArgoCD gets its own service account's token, never CAPI's kubeconfig.
    const capiKubeconfig = Buffer.from(
      (
        await core.readNamespacedSecret({
          name: 'qa-1-kubeconfig',
          namespace: 'qa-1',
        })
      ).data!.value,
      'base64',
    ).toString('utf8');
    expect(capiKubeconfig).not.toContain(config.bearerToken);

    const app: any = await eventually(async () => {
      const a: any = await custom.getNamespacedCustomObject({
        group: 'argoproj.io',
        version: 'v1alpha1',
        plural: 'applications',
        namespace: 'argocd',
        name: 'qa-1-readonly-rbac',
      });
      return a.status?.sync?.status === 'Synced' && a;
    }, 'the readonly-rbac application to sync');
    expect(app.status.health.status).toBe('Healthy');

    const workload = new KubeConfig();
    workload.loadFromString(capiKubeconfig);
    const role = await workload
      .makeApiClient(RbacAuthorizationV1Api)
      .readClusterRole({ name: 'arlon-readonly' });
    expect(role.rules?.[0].verbs).toEqual(['get', 'list', 'watch']);

    // The API merges the live state into the definition.
    const view = await eventually(async () => {
      const res = await request(server).get('/api/arlon/clusters/qa-1');
      return (
        res.body.status?.registration === 'registered' &&
        res.body.status.applications.length === 3 &&
        res.body.status.capi?.controlPlaneVersions &&
        res.body
      );
    }, 'the live status');
    expect(view.status).toMatchObject({
      managementCluster: 'sandbox',
      // The version Cluster API reports its control plane machines run (docker-dev's).
      capi: {
        phase: 'Provisioned',
        controlPlaneVersions: [{ version: 'v1.30.0', replicas: 1 }],
      },
      registration: 'registered',
      root: { sync: 'Synced', automated: true },
      behind: false,
    });
    expect(
      view.status.applications.find((a: any) => a.bundle === 'readonly-rbac'),
    ).toMatchObject({
      name: 'qa-1-readonly-rbac',
      profile: 'infrastructure',
      sync: 'Synced',
      health: 'Healthy',
    });
    // The Helm bundles are reported honestly: the sandbox does not render Helm.
    expect(
      view.status.applications.find((a: any) => a.bundle === 'calico').message,
    ).toMatch(/does not render Helm/);

    const synced = await request(server)
      .post('/api/arlon/clusters/qa-1/sync')
      .expect(200);
    expect(synced.body.applications).toEqual(
      expect.arrayContaining(['qa-1', 'qa-1-readonly-rbac']),
    );
    await request(server).post('/api/arlon/clusters/nope/sync').expect(404);
    const refreshed = await request(server)
      .post('/api/arlon/clusters/qa-1/refresh')
      .expect(200);
    expect(refreshed.body.applications).toContain('qa-1-readonly-rbac');
    const rbacApp: any = await custom.getNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      plural: 'applications',
      namespace: 'argocd',
      name: 'qa-1-readonly-rbac',
    });
    expect(rbacApp.metadata.annotations['argocd.argoproj.io/refresh']).toBe(
      'normal',
    );
    // Nothing is behind: `update` has nothing to do.
    expect(
      (
        await request(server)
          .post('/api/arlon/clusters/qa-1/update')
          .expect(200)
      ).body.applications,
    ).toEqual([]);

    const verify = await request(server).get('/api/arlon/verify').expect(200);
    expect(verify.body.managementClusters[0]).toMatchObject({
      managementCluster: 'sandbox',
      ok: true,
    });
    expect(verify.body.managementClusters[0].infrastructureProviders).toEqual(
      expect.arrayContaining(['aws', 'azure', 'docker']),
    );

    // Profiles apply to many clusters by label selector, in one commit.
    const applied = await request(server)
      .post('/api/arlon/profiles/apply')
      .send({ profiles: ['apps'], selector: 'env in (prod,staging)' })
      .expect(200);
    expect(applied.body.clusters).toEqual(['prod-us-west', 'staging-eu']);
    expect(applied.body.files.map((f: any) => f.path)).toEqual(
      expect.arrayContaining([
        'arlon/clusters/prod-us-west.yaml',
        'arlon/clusters/staging-eu.yaml',
        'generated/values/prod-us-west/guestbook.yaml',
      ]),
    );
    const removed = await request(server)
      .post('/api/arlon/profiles/remove')
      .send({ profiles: ['apps'], clusters: ['prod-us-west'] })
      .expect(200);
    expect(removed.body.files.map((f: any) => f.path)).toContain(
      'generated/values/prod-us-west/guestbook.yaml',
    );
    await request(server)
      .post('/api/arlon/profiles/apply')
      .send({ profiles: ['apps'] })
      .expect(400);
    const unknown = await request(server)
      .post('/api/arlon/profiles/apply')
      .send({ profiles: ['nope'], clusters: ['dev-local'] })
      .expect(400);
    expect(unknown.body.problems[0]).toMatchObject({
      file: 'arlon/clusters/dev-local.yaml',
      message: 'profile "nope" does not exist',
    });

    // A profile added in the fleet repository reaches the cluster's labels.
    await request(server)
      .put('/api/arlon/clusters/qa-1')
      .set('Content-Type', 'application/yaml')
      .send(
        'apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: qa-1\nspec:\n  clusterSpec: docker-dev\n  profiles: [infrastructure, apps]\n',
      )
      .expect(200);
    await eventually(
      async () =>
        (
          await core.readNamespacedSecret({
            name: 'cluster-qa-1',
            namespace: 'argocd',
          })
        ).metadata?.labels?.['profile.arlon.io/apps'] === 'true',
      'the apps profile label',
    );

    // An external cluster, imported from a kubeconfig: registered through its own ArgoCD account.
    const edge = await KubeApiServer.start({ token: 'edge-admin' });
    sandbox.servers.set(edge.url, edge); // the sandbox's "network": simulated ArgoCD can reach it
    const edgeKubeconfig = kubeconfigYaml(
      'edge-2',
      edge.url,
      'edge-admin',
      edge.caData,
    );
    const imported = await request(server)
      .post('/api/arlon/clusters/import')
      .send({
        name: 'edge-2',
        kubeconfig: edgeKubeconfig,
        profiles: ['infrastructure'],
      })
      .expect(201);
    expect(imported.body).toMatchObject({ name: 'edge-2', server: edge.url });
    expect(JSON.stringify(imported.body)).not.toContain('edge-admin');
    const edgeDef = await request(server)
      .get('/api/arlon/clusters/edge-2')
      .expect(200);
    expect(edgeDef.body.definition.spec).toEqual({
      external: { server: edge.url },
      profiles: ['infrastructure'],
    });
    const edgeSecret = await core.readNamespacedSecret({
      name: 'cluster-edge-2',
      namespace: 'argocd',
    });
    expect(edgeSecret.metadata?.labels).toMatchObject({
      'profile.arlon.io/infrastructure': 'true',
    });
    expect(
      Buffer.from(edgeSecret.data!.config, 'base64').toString('utf8'),
    ).not.toContain('edge-admin');
    await eventually(async () => {
      const a: any = await custom.getNamespacedCustomObject({
        group: 'argoproj.io',
        version: 'v1alpha1',
        plural: 'applications',
        namespace: 'argocd',
        name: 'edge-2-readonly-rbac',
      });
      return a.status?.sync?.status === 'Synced';
    }, "the imported cluster's application to sync");
    const badImport = await request(server)
      .post('/api/arlon/clusters/import')
      .send({ name: 'edge-3', kubeconfig: edgeKubeconfig, profiles: ['nope'] })
      .expect(400);
    expect(badImport.body.problems[0].message).toBe(
      'profile "nope" does not exist',
    );
    await expect(
      core.readNamespacedSecret({
        name: 'cluster-edge-3',
        namespace: 'argocd',
      }),
    ).rejects.toMatchObject({ code: 404 });
    await edge.stop();

    // Deleting the cluster tears it down and unregisters it: 200 when that
    // finishes within the route's wait, 202 while its bundles are still being
    // pruned (a loaded machine); either way what follows must happen.
    const deleted = await request(server).delete('/api/arlon/clusters/qa-1');
    expect([200, 202]).toContain(deleted.status);
    await eventually(
      async () =>
        core
          .readNamespacedSecret({ name: 'cluster-qa-1', namespace: 'argocd' })
          .then(
            () => false,
            (e: any) => e.code === 404,
          ),
      'the ArgoCD Secret to go',
    );
    await eventually(
      async () =>
        custom
          .getNamespacedCustomObject({
            group: 'cluster.x-k8s.io',
            version: 'v1beta1',
            plural: 'clusters',
            namespace: 'qa-1',
            name: 'qa-1',
          })
          .then(
            () => false,
            (e: any) => e.code === 404,
          ),
      'the CAPI Cluster to go',
    );
  }, 90_000);
});
