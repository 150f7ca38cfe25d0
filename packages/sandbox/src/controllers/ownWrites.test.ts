import {
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { Sandbox } from '../Sandbox';
import { upstreamViolations } from '../kube/upstreamContract';
import { eventually } from '../testing/eventually';
import { checkOwnWrite } from './ownWrites';
import {
  argo,
  registerWithArgoCd,
  SeededSandbox,
  startSeededSandbox,
  workloadKubeConfig,
} from './__testUtils__/seededSandbox';

const capi = { group: 'cluster.x-k8s.io', version: 'v1beta1' };

/** Every object in every sandbox cluster that the upstream CRDs would refuse, status included. */
function invalidObjects(sandbox: Sandbox): string[] {
  const found: string[] = [];
  for (const [url, server] of sandbox.servers) {
    const store = server.store;
    for (const type of store.allTypes()) {
      if (!type.group) continue;
      for (const obj of store.list(type, undefined))
        for (const v of upstreamViolations(store.convert(obj, type)))
          found.push(
            `${url} ${obj.metadata.namespace}/${obj.metadata.name}: ${v}`,
          );
    }
  }
  return found;
}

describe('what the sandbox’s own controllers write', () => {
  let started: SeededSandbox | undefined;
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  let core: CoreV1Api;

  beforeAll(async () => {
    started = await startSeededSandbox(
      {
        'bundles/demo/cm.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: greeting\ndata:\n  text: hello\n',
      },
      { provisioningDelayMs: 200, argocdResyncMs: 100 },
    );
    ({ sandbox, custom, core } = started);
  });
  afterAll(() => started?.stop());

  const source = () => ({
    repoURL: sandbox.fleetRepoUrl,
    targetRevision: 'main',
    path: 'bundles/demo',
  });

  async function application(name: string, spec: any, extra: any = {}) {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name, ...extra.metadata },
        spec: { project: 'default', ...spec },
        ...(extra.operation ? { operation: extra.operation } : {}),
      },
    });
  }

  const getApp = async (name: string): Promise<any> =>
    custom.getNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      name,
    });

  it('is admitted by the upstream CRDs through a journey of Cluster API and ArgoCD, and clients may patch it after', async () => {
    // Cluster API: a cluster provisioned, then registered with ArgoCD.
    await core.createNamespace({ body: { metadata: { name: 'w1' } } });
    await custom.createNamespacedCustomObject({
      ...capi,
      plural: 'clusters',
      namespace: 'w1',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'w1' },
        // v1beta2 (the version stored) wants a spec with something in it.
        spec: { clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] } } },
      },
    });
    const secret = await eventually(
      async () =>
        core
          .readNamespacedSecret({ name: 'w1-kubeconfig', namespace: 'w1' })
          .catch(() => undefined),
      'the workload cluster’s kubeconfig',
    );
    const wkc = workloadKubeConfig(secret);
    await registerWithArgoCd(core, 'w1', wkc, {
      'profile.arlon.io/demo': 'true',
    });

    // A topology Cluster whose class does not exist: Pending, TopologyReconciled False.
    await custom.createNamespacedCustomObject({
      ...capi,
      plural: 'clusters',
      namespace: 'w1',
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'classless' },
        spec: { topology: { class: 'missing', version: 'v1.30.0' } },
      },
    });
    await eventually(async () => {
      const c: any = await custom.getNamespacedCustomObject({
        ...capi,
        plural: 'clusters',
        namespace: 'w1',
        name: 'classless',
      });
      return c.status?.conditions?.some(
        (x: any) => x.type === 'TopologyReconciled' && x.status === 'False',
      );
    }, 'the classless Cluster to say why it waits');

    // ArgoCD: an ApplicationSet, automated, manual and failing Applications.
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applicationsets',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        metadata: { name: 'demo' },
        spec: {
          goTemplate: true,
          generators: [
            {
              clusters: {
                selector: { matchLabels: { 'profile.arlon.io/demo': 'true' } },
              },
            },
          ],
          template: {
            metadata: { name: '{{ .name }}-demo' },
            spec: {
              project: 'default',
              source: source(),
              destination: { server: '{{ .server }}', namespace: 'demo' },
              syncPolicy: {
                automated: { prune: true },
                syncOptions: ['CreateNamespace=true'],
              },
            },
          },
        },
      },
    });
    await application('auto', {
      source: source(),
      destination: { name: 'in-cluster', namespace: 'default' },
      syncPolicy: { automated: { prune: true, selfHeal: true } },
    });
    await application(
      'manual',
      {
        source: source(),
        destination: { name: 'in-cluster', namespace: 'default' },
      },
      {
        operation: {
          sync: { revision: 'main', prune: false },
          initiatedBy: { username: 'admin' },
        },
      },
    );
    await application('lost', {
      source: source(),
      destination: { name: 'nowhere', namespace: 'default' },
      syncPolicy: { automated: {} },
    });
    await application('failing', {
      source: { ...source(), path: 'bundles/missing' },
      destination: { name: 'in-cluster', namespace: 'default' },
      syncPolicy: { automated: {} },
    });

    const synced = await eventually(async () => {
      const apps = await Promise.all(
        ['w1-demo', 'auto', 'manual'].map(n => getApp(n).catch(() => ({}))),
      );
      return (
        apps.every(a => a.status?.operationState?.phase === 'Succeeded') && apps
      );
    }, 'the three Applications to sync');
    const [generated, auto, manual] = synced;
    // What ran, as ArgoCD records it: automation with the policy's options, or the request.
    expect(auto.status.operationState.operation).toEqual({
      sync: {
        source: source(),
        revision: auto.status.sync.revision,
        prune: true,
      },
      initiatedBy: { automated: true },
      retry: { limit: 5 },
    });
    expect(generated.status.operationState.operation.sync.syncOptions).toEqual([
      'CreateNamespace=true',
    ]);
    expect(manual.status.operationState.operation).toEqual({
      sync: { revision: 'main', prune: false },
      initiatedBy: { username: 'admin' },
    });
    expect(manual.operation).toBeUndefined();
    await eventually(
      async () =>
        (await getApp('lost')).status?.conditions?.[0]?.type ===
          'InvalidSpecError' &&
        (await getApp('failing')).status?.conditions?.[0]?.type ===
          'ComparisonError',
      'the failing Applications to say why',
    );
    const appset: any = await custom.getNamespacedCustomObject({
      ...argo,
      plural: 'applicationsets',
      name: 'demo',
    });
    expect(appset.status.conditions).toMatchObject([
      { type: 'ResourcesUpToDate', status: 'True' },
    ]);

    // Deletion with the resources finalizer, through to the end.
    await custom.patchNamespacedCustomObject(
      {
        ...argo,
        plural: 'applications',
        name: 'auto',
        body: {
          metadata: {
            finalizers: ['resources-finalizer.argocd.argoproj.io'],
          },
        },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await custom.deleteNamespacedCustomObject({
      ...argo,
      plural: 'applications',
      name: 'auto',
    });
    await eventually(
      async () => !(await getApp('auto').catch(() => undefined)),
      'the deleted Application to go',
    );

    expect(invalidObjects(sandbox)).toEqual([]);
    expect(sandbox.events.all({ type: 'REFUSED' })).toEqual([]);
    // A client's patch of any of them is admitted (the whole object is validated).
    for (const name of ['w1-demo', 'manual', 'lost', 'failing'])
      await custom.patchNamespacedCustomObject(
        {
          ...argo,
          plural: 'applications',
          name,
          body: { metadata: { labels: { touched: 'yes' } } },
        },
        {
          ...setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        },
      );
  });

  it('says on the ApplicationSet when an Application it generates is refused, and goes on with the others', async () => {
    await custom.createNamespacedCustomObject({
      ...argo,
      plural: 'applicationsets',
      body: {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'ApplicationSet',
        metadata: { name: 'bad-names' },
        spec: {
          generators: [{ list: { elements: [{ n: 'Not_A_Name' }] } }],
          template: {
            metadata: { name: '{{n}}' },
            spec: {
              project: 'default',
              source: source(),
              destination: { name: 'in-cluster', namespace: 'default' },
            },
          },
        },
      },
    });
    const conditions = await eventually(async () => {
      const appset: any = await custom.getNamespacedCustomObject({
        ...argo,
        plural: 'applicationsets',
        name: 'bad-names',
      });
      return appset.status?.conditions;
    }, 'the ApplicationSet to report');
    expect(conditions).toMatchObject([
      {
        type: 'ErrorOccurred',
        status: 'True',
        reason: 'UpdateApplicationError',
        message: expect.stringMatching(/Not_A_Name.*metadata\.name/),
      },
      { type: 'ResourcesUpToDate', status: 'False' },
    ]);
    expect(sandbox.events.all({ type: 'REFUSED' })).toEqual([]);
    // The controller still works: a new Application syncs.
    await application('after', {
      source: source(),
      destination: { name: 'in-cluster', namespace: 'default' },
      syncPolicy: { automated: {} },
    });
    await eventually(
      async () =>
        (await getApp('after')).status?.operationState?.phase === 'Succeeded',
      'a later Application to sync',
    );
  });

  it('refuses a status the upstream CRD refuses, before it is stored', () => {
    const type = sandbox.apiServer.store.type('argoproj.io', 'applications')!;
    const app = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'x', namespace: 'argocd' },
      spec: {
        project: 'default',
        source: { repoURL: 'https://example.com/r.git' },
        destination: { name: 'in-cluster' },
      },
      status: {
        operationState: {
          phase: 'Succeeded',
          startedAt: '2026-01-01T00:00:00Z',
        },
      },
    };
    expect(() => checkOwnWrite(type, app)).toThrow(
      /status\.operationState\.operation: Required value/,
    );
    expect(() =>
      checkOwnWrite(type, {
        ...app,
        status: { health: { status: 'Healthy', colour: 'green' } },
      }),
    ).toThrow(/status\.health\.colour: unknown field/);
  });

  it('logs a write of its own that the CRD refuses as REFUSED, saying why, so the tests above that find none could fail', async () => {
    // Stored without the API server's admission, as no client could: the
    // controller's status write carries the unknown field and is refused.
    const store = sandbox.apiServer.store;
    const type = store.type('argoproj.io', 'applications')!;
    store.create(type, 'argocd', {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'unadmitted', namespace: 'argocd' },
      spec: {
        project: 'default',
        destination: { name: 'in-cluster' },
        colour: 'green',
      },
    });
    const refused = await eventually(
      () => sandbox.events.first({ type: 'REFUSED', name: 'unadmitted' }),
      'the refused write in the event log',
    );
    expect(refused).toMatchObject({
      cluster: 'management',
      kind: 'Application',
      message: expect.stringMatching(/spec\.colour: unknown field/),
    });
    store.delete(type, 'argocd', 'unadmitted');
  });
});
