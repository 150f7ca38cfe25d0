import path from 'node:path';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import {
  eventually,
  kubeConfigFor,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from './plugin';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');

/** One management cluster's API, as its admin sees it. */
function clientsOf(sandbox: Sandbox) {
  const kc = kubeConfigFor(
    sandbox.apiServer.url,
    sandbox.token,
    sandbox.apiServer.caData,
  );
  const custom = kc.makeApiClient(CustomObjectsApi);
  const core = kc.makeApiClient(CoreV1Api);
  const orAbsent = <T>(read: Promise<T>) =>
    read.then(
      value => value,
      (e: any) => (e.code === 404 ? undefined : Promise.reject(e)),
    );
  return {
    capiCluster: (name: string) =>
      orAbsent<any>(
        custom.getNamespacedCustomObject({
          group: 'cluster.x-k8s.io',
          version: 'v1beta1',
          plural: 'clusters',
          namespace: name,
          name,
        }),
      ),
    application: (name: string) =>
      orAbsent<any>(
        custom.getNamespacedCustomObject({
          group: 'argoproj.io',
          version: 'v1alpha1',
          plural: 'applications',
          namespace: 'argocd',
          name,
        }),
      ),
    argocdSecret: (cluster: string) =>
      orAbsent(
        core.readNamespacedSecret({
          name: `cluster-${cluster}`,
          namespace: 'argocd',
        }),
      ),
  };
}

const cluster = (name: string, spec: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  clusterSpec: docker-dev\n${spec}`;

/**
 * Two management clusters, each its own API server with its own Cluster API
 * and ArgoCD, reading one fleet repository: a cluster placed on the second
 * (`spec.managementCluster`) is built and registered there only, the
 * example's clusters (which name none) by the default one only.
 */
describe('a fleet placed across two management clusters', () => {
  let east: Sandbox;
  let west: Sandbox;
  let server: Parameters<typeof request>[0];

  beforeAll(async () => {
    east = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 200,
      argocdResyncMs: 200,
    });
    west = await Sandbox.start({
      fleetOf: east,
      provisioningDelayMs: 200,
      argocdResyncMs: 200,
    });
    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    const admin = (name: string, sandbox: Sandbox) => ({
      name,
      url: sandbox.apiServer.url,
      serviceAccountToken: sandbox.token,
      skipTLSVerify: true,
    });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              ...east.arlonConfig(),
              managementClusters: [
                admin('mc-east', east),
                admin('mc-west', west),
              ],
            },
          },
        }),
      ],
    }));
    void scheduler.triggerTask('arlon-registration');
    await request(server).post('/api/arlon/regenerate').expect(200);
  }, 60_000);
  afterAll(async () => {
    await west?.stop();
    await east?.stop();
  });

  it('each management cluster builds and registers only its own clusters', async () => {
    await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(
        cluster(
          'west-1',
          '  managementCluster: mc-west\n  profiles: [infrastructure]\n',
        ),
      )
      .expect(201);

    const eastBoot = await request(server)
      .post('/api/arlon/bootstrap?cluster=mc-east')
      .expect(200);
    const westBoot = await request(server)
      .post('/api/arlon/bootstrap?cluster=mc-west')
      .expect(200);
    expect(eastBoot.body.managementCluster).toBe('mc-east');
    expect(westBoot.body.applied).toContainEqual({
      kind: 'Application',
      name: 'arlon-fleet',
      namespace: 'argocd',
    });

    const onEast = clientsOf(east);
    const onWest = clientsOf(west);
    const provisioned = (read: Promise<any>) =>
      read.then(c => c?.status?.phase === 'Provisioned' && c);
    await eventually(
      () => provisioned(onWest.capiCluster('west-1')),
      'west-1 Provisioned by mc-west',
    );
    await eventually(
      () => provisioned(onEast.capiCluster('dev-local')),
      'dev-local Provisioned by mc-east',
    );
    await eventually(
      () => onWest.argocdSecret('west-1'),
      "west-1 registered in mc-west's ArgoCD",
    );
    await eventually(
      () => onEast.argocdSecret('dev-local'),
      "dev-local registered in mc-east's ArgoCD",
    );
    await Promise.all([east.settled(), west.settled()]);

    // Each ArgoCD has the root Applications of its own clusters only, and
    // each Cluster API built only those.
    expect(await onWest.application('west-1')).toBeDefined();
    expect(await onEast.application('west-1')).toBeUndefined();
    expect(await onEast.capiCluster('west-1')).toBeUndefined();
    expect(await onEast.argocdSecret('west-1')).toBeUndefined();
    for (const name of ['dev-local', 'prod-us-west', 'staging-eu']) {
      expect(await onEast.application(name)).toBeDefined();
      expect(await onWest.application(name)).toBeUndefined();
      expect(await onWest.capiCluster(name)).toBeUndefined();
      expect(await onWest.argocdSecret(name)).toBeUndefined();
    }
    // The profile's ApplicationSet reaches mc-west's cluster through mc-west's ArgoCD.
    await eventually(
      () => onWest.application('west-1-cert-manager'),
      "west-1's bundle Application in mc-west's ArgoCD",
    );
  }, 120_000);

  it('refuses a management cluster that is not configured, naming those that are', async () => {
    const res = await request(server)
      .post('/api/arlon/clusters')
      .set('Content-Type', 'application/yaml')
      .send(cluster('north-1', '  managementCluster: mc-north\n'))
      .expect(400);
    expect(res.body.problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/north-1.yaml',
        field: 'spec.managementCluster',
        message: expect.stringContaining('"mc-east", "mc-west"'),
      }),
    ]);
    expect(await clientsOf(east).capiCluster('north-1')).toBeUndefined();
  });

  it('refuses to move a running cluster to the other management cluster, and it keeps running', async () => {
    const text = cluster(
      'dev-local',
      '  managementCluster: mc-west\n  profiles: [infrastructure, apps]\n',
    );
    const res = await request(server)
      .put('/api/arlon/clusters/dev-local')
      .set('Content-Type', 'application/yaml')
      .send(text)
      .expect(400);
    expect(res.body.problems[0]).toMatchObject({
      file: 'arlon/clusters/dev-local.yaml',
      field: 'spec.managementCluster',
      message: expect.stringMatching(
        /built by the default management cluster.*delete the running cluster/,
      ),
    });
    await east.settled();
    expect(
      (await clientsOf(east).capiCluster('dev-local'))?.metadata
        ?.deletionTimestamp,
    ).toBeUndefined();
    expect(await clientsOf(west).capiCluster('dev-local')).toBeUndefined();
  });
});
