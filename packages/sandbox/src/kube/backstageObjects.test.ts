import {
  ApisApi,
  AutoscalingV2Api,
  CoreV1Api,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import { KubeApiServer } from './KubeApiServer';
import { kubeConfigFor } from './kubeConfigFor';

/**
 * The object types Backstage's Kubernetes backend lists for every entity by
 * default (KubernetesFanOutHandler's DEFAULT_OBJECTS): a kind the API server
 * does not serve is a 404 and an error on the entity's Kubernetes tab.
 */
const BACKSTAGE_DEFAULT_OBJECTS: Array<[string, string]> = [
  ['v1', 'Pod'],
  ['v1', 'Service'],
  ['v1', 'ConfigMap'],
  ['v1', 'LimitRange'],
  ['v1', 'ResourceQuota'],
  ['apps/v1', 'Deployment'],
  ['apps/v1', 'ReplicaSet'],
  ['autoscaling/v2', 'HorizontalPodAutoscaler'],
  ['batch/v1', 'Job'],
  ['batch/v1', 'CronJob'],
  ['networking.k8s.io/v1', 'Ingress'],
  ['apps/v1', 'StatefulSet'],
  ['apps/v1', 'DaemonSet'],
];

describe('the kinds Backstage’s Kubernetes backend asks every cluster for', () => {
  let server: KubeApiServer;
  const kc = () => kubeConfigFor(server.url, 't', server.caData);

  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('are each listed by a label selector, as the backend lists them (no 404)', async () => {
    const objects = KubernetesObjectApi.makeApiClient(kc());
    for (const [apiVersion, kind] of BACKSTAGE_DEFAULT_OBJECTS) {
      const list = await objects.list(
        apiVersion,
        kind,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        'backstage.io/kubernetes-id=web',
      );
      expect({ kind, items: list.items }).toEqual({ kind, items: [] });
    }
  });

  it('serves LimitRange, ResourceQuota and autoscaling/v2 HorizontalPodAutoscaler with upstream’s short names, and stores them', async () => {
    const discovery = await kc().makeApiClient(ApisApi).getAPIVersions();
    expect(
      discovery.groups
        .find(g => g.name === 'autoscaling')
        ?.versions.map(v => v.version),
    ).toContain('v2');
    const core = kc().makeApiClient(CoreV1Api);
    const resources = await core.getAPIResources();
    expect(
      resources.resources
        .filter(r => ['limitranges', 'resourcequotas'].includes(r.name))
        .map(r => [r.name, r.kind, r.namespaced, r.shortNames]),
    ).toEqual([
      ['limitranges', 'LimitRange', true, ['limits']],
      ['resourcequotas', 'ResourceQuota', true, ['quota']],
    ]);

    await core.createNamespacedLimitRange({
      namespace: 'default',
      body: {
        metadata: { name: 'defaults' },
        spec: {
          limits: [{ type: 'Container', _default: { cpu: '500m' } }],
        },
      },
    });
    await core.createNamespacedResourceQuota({
      namespace: 'default',
      body: {
        metadata: { name: 'team' },
        spec: { hard: { pods: '10' } },
      },
    });
    const autoscaling = kc().makeApiClient(AutoscalingV2Api);
    await autoscaling.createNamespacedHorizontalPodAutoscaler({
      namespace: 'default',
      body: {
        metadata: { name: 'web' },
        spec: {
          scaleTargetRef: {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: 'web',
          },
          minReplicas: 2,
          maxReplicas: 5,
        },
      },
    });
    expect(
      (await core.listNamespacedLimitRange({ namespace: 'default' })).items.map(
        i => i.spec?.limits[0]._default,
      ),
    ).toEqual([{ cpu: '500m' }]);
    expect(
      (
        await core.listNamespacedResourceQuota({ namespace: 'default' })
      ).items.map(i => i.spec?.hard),
    ).toEqual([{ pods: '10' }]);
    expect(
      (
        await autoscaling.listNamespacedHorizontalPodAutoscaler({
          namespace: 'default',
        })
      ).items.map(i => [i.metadata?.name, i.spec?.maxReplicas]),
    ).toEqual([['web', 5]]);
  });
});
