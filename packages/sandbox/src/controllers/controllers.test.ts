import path from 'node:path';
import { CoreV1Api, CustomObjectsApi, Watch } from '@kubernetes/client-node';
import { Sandbox } from '../Sandbox';
import { kubeConfigFor } from '../kube/kubeConfigFor';
import {
  argo,
  registerWithArgoCd,
  SeededSandbox,
  startSeededSandbox,
  workloadKubeConfig,
} from './__testUtils__/seededSandbox';

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise(r => setTimeout(r, 25));
  }
}

describe('simulated Cluster API and ArgoCD', () => {
  let started: SeededSandbox;
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  let core: CoreV1Api;

  beforeEach(async () => {
    started = await startSeededSandbox(
      {
        'bundles/demo/cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: greeting\ndata:\n  text: hello\n',
        'bundles/kust/base/sa.yaml':
          'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: reader\n',
        'bundles/kust/kustomization.yaml':
          'resources: [base/sa.yaml]\nnamePrefix: team-\ncommonLabels:\n  team: a\n',
        'charts/app/Chart.yaml': 'name: app\nversion: 1.0.0\n',
      },
      { provisioningDelayMs: 200, argocdResyncMs: 100 },
    );
    ({ sandbox, custom, core } = started);
  });
  afterEach(() => started.stop());

  const capi = {
    group: 'cluster.x-k8s.io',
    version: 'v1beta1',
    plural: 'clusters',
  };

  async function provision(name: string) {
    await core
      .createNamespace({ body: { metadata: { name } } })
      .catch(() => {});
    await custom.createNamespacedCustomObject({
      ...capi,
      namespace: name,
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name },
        spec: {},
      },
    });
    await waitFor(
      async () =>
        (
          (await custom.getNamespacedCustomObject({
            ...capi,
            namespace: name,
            name,
          })) as any
        ).status?.phase === 'Provisioned',
    );
    const secret = await core.readNamespacedSecret({
      name: `${name}-kubeconfig`,
      namespace: name,
    });
    return { secret, kc: workloadKubeConfig(secret) };
  }

  it('provisions a CAPI Cluster through Pending and Provisioning, with a working kubeconfig Secret', async () => {
    // Watch, rather than poll, so no phase can slip between two looks.
    const phases: string[] = [];
    const watch = await new Watch(
      kubeConfigFor(sandbox.apiServer.url, 't'),
    ).watch(
      '/apis/cluster.x-k8s.io/v1beta1/namespaces/default/clusters',
      {},
      (_type, c) => {
        const phase = c.status?.phase;
        if (phase && phases[phases.length - 1] !== phase) phases.push(phase);
      },
      () => {},
    );
    await custom.createNamespacedCustomObject({
      ...capi,
      namespace: 'default',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: {},
      },
    });
    const cluster: any = await waitFor(async () => {
      const c: any = await custom.getNamespacedCustomObject({
        ...capi,
        namespace: 'default',
        name: 'c1',
      });
      return c.status?.phase === 'Provisioned' && c;
    });
    await waitFor(() => phases.includes('Provisioned'));
    watch.abort();
    expect(phases).toEqual(['Pending', 'Provisioning', 'Provisioned']);
    expect(cluster.status).toMatchObject({
      infrastructureReady: true,
      controlPlaneReady: true,
    });
    expect(
      cluster.status.conditions.find((c: any) => c.type === 'Ready'),
    ).toMatchObject({ status: 'True' });
    expect(cluster.metadata.finalizers).toContain('cluster.cluster.x-k8s.io');

    const secret = await core.readNamespacedSecret({
      name: 'c1-kubeconfig',
      namespace: 'default',
    });
    expect(secret.type).toBe('cluster.x-k8s.io/secret');
    expect(secret.metadata?.labels).toEqual({
      'cluster.x-k8s.io/cluster-name': 'c1',
    });
    const workload = workloadKubeConfig(secret).makeApiClient(CoreV1Api);
    expect(
      (await workload.listNamespace()).items.map(n => n.metadata?.name),
    ).toContain('kube-system');

    // Deleting the Cluster tears the workload server down, then lets the Cluster go.
    await custom.deleteNamespacedCustomObject({
      ...capi,
      namespace: 'default',
      name: 'c1',
    });
    await waitFor(async () =>
      custom
        .getNamespacedCustomObject({
          ...capi,
          namespace: 'default',
          name: 'c1',
        })
        .then(
          () => false,
          (e: any) => e.code === 404,
        ),
    );
    await expect(workload.listNamespace()).rejects.toThrow();
    await expect(
      core.readNamespacedSecret({
        name: 'c1-kubeconfig',
        namespace: 'default',
      }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('syncs an ApplicationSet over three workload clusters, follows new commits, and cascades deletion', async () => {
    const clusters = await Promise.all(
      ['w1', 'w2', 'w3'].map(async name => ({
        name,
        ...(await provision(name)),
      })),
    );
    for (const c of clusters)
      await registerWithArgoCd(core, c.name, c.kc, {
        'profile.arlon.io/demo': 'true',
      });
    await registerWithArgoCd(core, 'unselected', clusters[0].kc, {});

    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applicationsets',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        metadata: { name: 'profile-demo' },
        spec: {
          goTemplate: true,
          generators: [
            {
              matrix: {
                generators: [
                  {
                    clusters: {
                      selector: {
                        matchLabels: { 'profile.arlon.io/demo': 'true' },
                      },
                    },
                  },
                  {
                    list: {
                      elements: [{ bundle: 'demo', path: 'bundles/demo' }],
                    },
                  },
                ],
              },
            },
          ],
          template: {
            metadata: {
              name: '{{ .name }}-{{ .bundle }}',
              finalizers: ['resources-finalizer.argocd.argoproj.io/foreground'],
            },
            spec: {
              project: 'default',
              source: {
                repoURL: sandbox.fleetRepoUrl,
                targetRevision: 'main',
                path: '{{ .path }}',
              },
              destination: {
                server: '{{ .server }}',
                namespace: '{{ .bundle }}',
              },
              syncPolicy: {
                automated: { prune: true },
                syncOptions: ['CreateNamespace=true'],
              },
            },
          },
        },
      },
    });

    const apps = await waitFor(async () => {
      const list: any = await custom.listNamespacedCustomObject({
        ...argo,
        plural: 'applications',
      });
      return (
        list.items.length === 3 &&
        list.items.every((a: any) => a.status?.sync?.status === 'Synced') &&
        list.items
      );
    });
    expect(apps.map((a: any) => a.metadata.name).sort()).toEqual([
      'w1-demo',
      'w2-demo',
      'w3-demo',
    ]);
    expect(apps[0].status).toMatchObject({
      health: { status: 'Healthy' },
      resources: [
        {
          kind: 'ConfigMap',
          name: 'greeting',
          namespace: 'demo',
          status: 'Synced',
        },
      ],
    });
    for (const c of clusters) {
      const cm = await c.kc
        .makeApiClient(CoreV1Api)
        .readNamespacedConfigMap({ name: 'greeting', namespace: 'demo' });
      expect(cm.data).toEqual({ text: 'hello' });
    }

    // A new commit reaches every cluster.
    await sandbox.pushToFleet(
      {
        'bundles/demo/cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: greeting\ndata:\n  text: bonjour\n',
      },
      'french',
    );

    // Deleting the ApplicationSet deletes its Applications, and they their resources.
    await custom.deleteNamespacedCustomObject({
      ...argo,
      plural: 'applicationsets',
      name: 'profile-demo',
    });
    await waitFor(
      async () =>
        (
          (await custom.listNamespacedCustomObject({
            ...argo,
            plural: 'applications',
          })) as any
        ).items.length === 0,
    );
    for (const c of clusters) {
      await expect(
        c.kc
          .makeApiClient(CoreV1Api)
          .readNamespacedConfigMap({ name: 'greeting', namespace: 'demo' }),
      ).rejects.toMatchObject({ code: 404 });
    }
  });

  async function application(
    name: string,
    source: object,
    destination: object = {
      server: 'https://kubernetes.default.svc',
      namespace: 'team',
    },
  ) {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name },
        spec: {
          project: 'default',
          source: {
            repoURL: sandbox.fleetRepoUrl,
            targetRevision: 'main',
            ...source,
          },
          destination,
          syncPolicy: { automated: {}, syncOptions: ['CreateNamespace=true'] },
        },
      },
    });
    await sandbox.settled();
    return waitFor(async () => {
      const app: any = await custom.getNamespacedCustomObject({
        ...argo,
        plural: 'applications',
        name,
      });
      return app.status && app;
    });
  }

  it('renders a kustomization with namePrefix and commonLabels', async () => {
    const app = await application('kust', { path: 'bundles/kust' });
    expect(app.status.sync.status).toBe('Synced');
    const sa = await core.readNamespacedServiceAccount({
      name: 'team-reader',
      namespace: 'team',
    });
    expect(sa.metadata?.labels).toMatchObject({
      team: 'a',
      'app.kubernetes.io/instance': 'kust',
    });
  });

  it('says honestly that it does not render Helm charts', async () => {
    const app = await application('chart', { path: 'charts/app' });
    expect(app.status.sync.status).toBe('Unknown');
    expect(app.status.conditions[0]).toMatchObject({
      type: 'ComparisonError',
      message: 'charts/app is a Helm chart; the sandbox does not render Helm',
    });
  });

  it('reports a destination it cannot find', async () => {
    const app = await application(
      'lost',
      { path: 'bundles/demo' },
      { name: 'nowhere', namespace: 'x' },
    );
    expect(app.status.conditions[0]).toMatchObject({
      type: 'InvalidSpecError',
      message: 'Unable to find destination cluster: nowhere',
    });
  });

  it('applies the seed’s bootstrap Application when asked, so the example fleet gets built', async () => {
    const example = path.resolve(__dirname, '../../../../examples/fleet');
    const booted = await Sandbox.start({
      token: 't',
      fleetSeedDir: example,
      bootstrap: true,
      provisioningDelayMs: 50,
      argocdResyncMs: 100,
    });
    try {
      const kc = kubeConfigFor(booted.apiServer.url, 't');
      const api = kc.makeApiClient(CustomObjectsApi);
      const app: any = await api.getNamespacedCustomObject({
        ...argo,
        plural: 'applications',
        name: 'arlon-fleet',
      });
      expect(app.spec.source.path).toBe('generated/argocd');
    } finally {
      await booted.stop();
    }
  });
});
