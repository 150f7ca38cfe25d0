import path from 'node:path';
import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  RbacAuthorizationV1Api,
} from '@kubernetes/client-node';
import {
  eventually,
  kubeConfigFor,
  Sandbox,
} from '@arlon-backstage/arlon-sandbox';
import { definitionViews } from '@arlon-backstage/plugin-arlon-common';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import { fleetEntities } from '@arlon-backstage/plugin-catalog-backend-module-arlon';
import kubernetesPlugin from '@backstage/plugin-kubernetes-backend';
import request from 'supertest';
import { kubernetesModuleArlon } from './module';

const EXAMPLE = path.resolve(__dirname, '../../../examples/fleet');
const CLUSTER = 'kdemo';
/** Where the arlon backend stores the cluster's viewer credentials. */
const VIEWER_SECRET = { name: `arlon-viewer-${CLUSTER}`, namespace: 'argocd' };

/** The cluster's catalog entity, as the Arlon catalog module makes it. */
function clusterEntity(server: string) {
  const views = definitionViews({
    [`arlon/clusters/${CLUSTER}.yaml`]: `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${CLUSTER}\nspec:\n  external:\n    server: ${server}\n`,
  });
  const none = () => undefined;
  return fleetEntities(views, () => ({ server }), {
    fleet: 'default',
    links: {
      repository: 'https://git.example/fleet',
      view: none,
      edit: none,
      folder: none,
    },
    defaultOwner: 'group:default/platform',
  })[0];
}

/**
 * The Kubernetes plugin sees the fleet: a workload cluster built by the
 * sandbox's Cluster API is registered by the arlon backend (with read-only
 * viewer credentials of the portal's own), supplied to the real Kubernetes
 * backend by this module, and the backend's REST API lists the pods created
 * in that workload cluster's API server, for the cluster's entity.
 */
describe('Kubernetes backend with Arlon clusters', () => {
  let sandbox: Sandbox;
  let server: any;
  let management: KubeConfig;
  let workload: KubeConfig;
  let apiServer: string;

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      provisioningDelayMs: 200,
    });
    management = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    );
    await management
      .makeApiClient(CustomObjectsApi)
      .createNamespacedCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: 'default',
        body: {
          apiVersion: 'cluster.x-k8s.io/v1beta1',
          kind: 'Cluster',
          metadata: { name: CLUSTER },
          spec: {},
        },
      });
    const core = management.makeApiClient(CoreV1Api);
    // The workload cluster's admin kubeconfig, as Cluster API writes it.
    const kubeconfig = await eventually(
      async () =>
        core
          .readNamespacedSecret({
            name: `${CLUSTER}-kubeconfig`,
            namespace: 'default',
          })
          .then(
            s => Buffer.from(s.data!.value, 'base64').toString('utf8'),
            () => undefined,
          ),
      'the workload cluster to be provisioned',
    );
    workload = new KubeConfig();
    workload.loadFromString(kubeconfig);
    apiServer = workload.getCurrentCluster()!.server;

    const scheduler = mockServices.scheduler() as SchedulerService & {
      factory(options: { skipTaskRunOnStartup: boolean }): ServiceFactory;
    };
    ({ server } = await startTestBackend({
      features: [
        kubernetesPlugin,
        kubernetesModuleArlon,
        arlonPlugin,
        scheduler.factory({ skipTaskRunOnStartup: true }),
        catalogServiceMock.factory({ entities: [clusterEntity(apiServer)] }),
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              ...sandbox.arlonConfig(),
              kubernetes: { skipMetricsLookup: true },
            },
            kubernetes: {
              serviceLocatorMethod: { type: 'multiTenant' },
              // The sandbox serves no LimitRanges, ResourceQuotas nor
              // autoscaling/v2: the rest of the default object types.
              objectTypes: [
                'pods',
                'services',
                'configmaps',
                'deployments',
                'replicasets',
                'statefulsets',
                'daemonsets',
                'jobs',
                'cronjobs',
                'ingresses',
              ],
            },
          },
        }),
      ],
    }));
    void scheduler.triggerTask('arlon-registration');
    await eventually(
      () =>
        core.readNamespacedSecret(VIEWER_SECRET).then(
          () => true,
          () => false,
        ),
      'the viewer credentials to be stored',
    );
  }, 90_000);
  afterAll(() => sandbox?.stop());

  const argocdToken = async () => {
    const secret = await management
      .makeApiClient(CoreV1Api)
      .readNamespacedSecret({
        name: `cluster-${CLUSTER}`,
        namespace: 'argocd',
      });
    return JSON.parse(Buffer.from(secret.data!.config, 'base64').toString())
      .bearerToken as string;
  };
  const viewerToken = async () =>
    Buffer.from(
      (
        await management
          .makeApiClient(CoreV1Api)
          .readNamespacedSecret(VIEWER_SECRET)
      ).data!.token,
      'base64',
    ).toString();

  it("lists the workload cluster's pods on the cluster entity's Kubernetes tab", async () => {
    const pods = workload.makeApiClient(CoreV1Api);
    for (const [namespace, name] of [
      ['default', 'web-1'],
      ['kube-system', 'coredns-1'],
    ])
      await pods.createNamespacedPod({
        namespace,
        body: {
          metadata: { name },
          spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] },
        },
      });
    const res = await request(server)
      .post('/api/kubernetes/resources/workloads/query')
      .send({ entityRef: `resource:default/${CLUSTER}`, auth: {} });
    // The status with the error, so a failure says what the backend answered.
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 200,
      error: undefined,
    });
    expect(res.body.items).toHaveLength(1);
    const [item] = res.body.items;
    expect(item.cluster.name).toBe(CLUSTER);
    expect(item.errors).toEqual([]);
    const listed = item.resources
      .filter((r: any) => r.type === 'pods')
      .flatMap((r: any) => r.resources.map((p: any) => p.metadata.name))
      .sort();
    expect(listed).toEqual(['coredns-1', 'web-1']);
  });

  it('names the cluster as its entity, with the serviceAccount provider and no token, in /clusters', async () => {
    const res = await request(server)
      .get('/api/kubernetes/clusters')
      .expect(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        name: CLUSTER,
        authProvider: 'serviceAccount',
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(await argocdToken());
    expect(JSON.stringify(res.body)).not.toContain(await viewerToken());
  });

  it("gives the viewer a ClusterRole that reads workloads and never Secrets, and not ArgoCD's token", async () => {
    // The sandbox does not enforce RBAC (any token it minted reads
    // everything), so the viewer's rules are checked as the cluster holds them.
    const role = await workload
      .makeApiClient(RbacAuthorizationV1Api)
      .readClusterRole({ name: 'arlon-portal-viewer-role' });
    const rules = role.rules ?? [];
    expect(rules.flatMap(r => r.resources ?? [])).toEqual(
      expect.arrayContaining(['pods', 'pods/log', 'deployments', 'nodes']),
    );
    for (const rule of rules) {
      expect(rule.resources).not.toContain('secrets');
      expect(rule.resources).not.toContain('*');
      expect(rule.apiGroups).not.toContain('*');
      expect(rule.nonResourceURLs ?? []).toEqual([]);
      expect(rule.verbs.every(v => ['get', 'list', 'watch'].includes(v))).toBe(
        true,
      );
    }
    const binding = await workload
      .makeApiClient(RbacAuthorizationV1Api)
      .readClusterRoleBinding({ name: 'arlon-portal-viewer-role-binding' });
    expect(binding.subjects).toEqual([
      expect.objectContaining({
        kind: 'ServiceAccount',
        name: 'arlon-portal-viewer',
        namespace: 'kube-system',
      }),
    ]);
    const viewer = await management
      .makeApiClient(CoreV1Api)
      .readNamespacedSecret(VIEWER_SECRET);
    // Not ArgoCD's: its selector does not pick the Secret, nor is its token ArgoCD's.
    expect(
      viewer.metadata?.labels?.['argocd.argoproj.io/secret-type'],
    ).toBeUndefined();
    const token = await viewerToken();
    expect(token).not.toBe(await argocdToken());
    expect(token).not.toBe(sandbox.token);
  });

  it('removes the viewer credentials with the cluster', async () => {
    const core = management.makeApiClient(CoreV1Api);
    expect(
      sandbox.servers.get(apiServer)!.acceptsToken(await viewerToken()),
    ).toBe(true);
    await management
      .makeApiClient(CustomObjectsApi)
      .deleteNamespacedCustomObject({
        group: 'cluster.x-k8s.io',
        version: 'v1beta1',
        plural: 'clusters',
        namespace: 'default',
        name: CLUSTER,
      });
    await eventually(
      () =>
        core.readNamespacedSecret(VIEWER_SECRET).then(
          () => false,
          (e: any) => e.code === 404,
        ),
      'the viewer Secret to go',
    );
    const res = await request(server)
      .get('/api/kubernetes/clusters')
      .expect(200);
    expect(res.body.items).toEqual([]);
  }, 30_000);
});
