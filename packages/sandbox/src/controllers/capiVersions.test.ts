import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  Watch,
} from '@kubernetes/client-node';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { sandboxCrds } from '../kube/crds';
import { KubeApiServer } from '../kube/KubeApiServer';
import { kubeConfigFor } from '../kube/kubeConfigFor';
import { eventually } from '../testing/eventually';
import { CapiController } from './CapiController';

/** The simulated Cluster API over the upstream CRDs, which serve v1beta1 and v1beta2 of its kinds. */
describe('simulated Cluster API, v1beta1 and v1beta2', () => {
  let api: KubeApiServer;
  let capi: CapiController;
  let kc: KubeConfig;
  let custom: CustomObjectsApi;
  let core: CoreV1Api;

  beforeEach(async () => {
    api = await KubeApiServer.start({ token: 't' });
    const crdType = api.store.type(
      'apiextensions.k8s.io',
      'customresourcedefinitions',
    )!;
    for (const crd of sandboxCrds()) api.store.create(crdType, undefined, crd);
    capi = new CapiController(api.store, {
      provisioningDelayMs: 100,
      onWorkloadServer: () => {},
    });
    capi.start();
    kc = kubeConfigFor(api.url, 't');
    custom = kc.makeApiClient(CustomObjectsApi);
    core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'c1' } } });
  });
  afterEach(async () => {
    await capi.stop();
    await api.stop();
  });

  const at = (version: string, plural = 'clusters') => ({
    group: 'cluster.x-k8s.io',
    version,
    plural,
    namespace: 'c1',
  });
  const read = (version: string, name = 'c1'): Promise<any> =>
    custom.getNamespacedCustomObject({ ...at(version), name });
  const provisioned = (name = 'c1') =>
    eventually(
      async () => (await read('v1beta2', name)).status?.phase === 'Provisioned',
      `Cluster ${name} Provisioned`,
      10_000,
    );

  const v1beta2Cluster = {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'c1' },
    spec: {
      clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] } },
      infrastructureRef: {
        apiGroup: 'infrastructure.cluster.x-k8s.io',
        kind: 'AWSCluster',
        name: 'c1',
      },
      controlPlaneRef: {
        apiGroup: 'controlplane.cluster.x-k8s.io',
        kind: 'KubeadmControlPlane',
        name: 'c1-control-plane',
      },
    },
  };

  it('provisions a v1beta2 Cluster and reports v1beta2 status: initialization and the new condition types', async () => {
    await custom.createNamespacedCustomObject({
      ...at('v1beta2'),
      body: v1beta2Cluster,
    });
    await provisioned();
    const cluster = await read('v1beta2');
    expect(cluster.status.initialization).toEqual({
      infrastructureProvisioned: true,
      controlPlaneInitialized: true,
    });
    const conditions = Object.fromEntries(
      cluster.status.conditions.map((c: any) => [c.type, [c.status, c.reason]]),
    );
    expect(conditions).toMatchObject({
      Available: ['True', 'Available'],
      InfrastructureReady: ['True', 'Ready'],
      ControlPlaneInitialized: ['True', 'Initialized'],
    });
    expect(cluster.status).not.toHaveProperty('infrastructureReady');
    const secret = await core.readNamespacedSecret({
      name: 'c1-kubeconfig',
      namespace: 'c1',
    });
    expect(secret.metadata?.ownerReferences?.[0]).toMatchObject({
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      name: 'c1',
    });
  });

  it('serves the same Cluster at v1beta1 in v1beta1 shape: references with apiVersion, ready flags, v1beta1 conditions', async () => {
    await custom.createNamespacedCustomObject({
      ...at('v1beta2'),
      body: v1beta2Cluster,
    });
    await provisioned();
    const old = await read('v1beta1');
    expect(old.apiVersion).toBe('cluster.x-k8s.io/v1beta1');
    expect(old.spec.infrastructureRef).toEqual({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2',
      kind: 'AWSCluster',
      name: 'c1',
    });
    expect(old.spec.controlPlaneRef.apiVersion).toBe(
      'controlplane.cluster.x-k8s.io/v1beta2',
    );
    expect(old.status).toMatchObject({
      phase: 'Provisioned',
      infrastructureReady: true,
      controlPlaneReady: true,
    });
    expect(
      old.status.conditions.find((c: any) => c.type === 'Ready'),
    ).toMatchObject({ status: 'True' });
  });

  it('a watch at v1beta1 sees a v1beta2-written Cluster in v1beta1 shape', async () => {
    const seen: any[] = [];
    const watch = await new Watch(kc).watch(
      '/apis/cluster.x-k8s.io/v1beta1/namespaces/c1/clusters',
      {},
      (_type, c) => seen.push(c),
      () => {},
    );
    await custom.createNamespacedCustomObject({
      ...at('v1beta2'),
      body: v1beta2Cluster,
    });
    await eventually(
      () => seen.some(c => c.status?.phase === 'Provisioned'),
      'a v1beta1 watch event with phase Provisioned',
      10_000,
    );
    watch.abort();
    for (const c of seen) {
      expect(c.apiVersion).toBe('cluster.x-k8s.io/v1beta1');
      expect(c.spec.infrastructureRef).not.toHaveProperty('apiGroup');
    }
    expect(seen[seen.length - 1].status.controlPlaneReady).toBe(true);
  });

  it('provisions a v1beta1 Cluster too, and serves its topology class as v1beta2 classRef', async () => {
    await custom.createNamespacedCustomObject({
      ...at('v1beta2', 'clusterclasses'),
      body: clusterClass('quick-start'),
    });
    await custom.createNamespacedCustomObject({
      ...at('v1beta1'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta1',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: {
          topology: {
            class: 'quick-start',
            classNamespace: 'c1',
            version: 'v1.31.2',
          },
        },
      },
    });
    await provisioned();
    expect((await read('v1beta2')).spec.topology).toEqual({
      classRef: { name: 'quick-start', namespace: 'c1' },
      version: 'v1.31.2',
    });
  });

  it('leaves a topology Cluster whose ClusterClass does not exist Pending, saying so, and provisions it once the class appears', async () => {
    await custom.createNamespacedCustomObject({
      ...at('v1beta2'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: {
          topology: { classRef: { name: 'quick-start' }, version: 'v1.31.2' },
        },
      },
    });
    const stuck = await eventually(
      async () => {
        const c = await read('v1beta2');
        return (
          c.status?.conditions?.some(
            (x: any) => x.type === 'TopologyReconciled',
          ) && c
        );
      },
      'a TopologyReconciled condition',
      10_000,
    );
    expect(stuck.status.phase).toBe('Pending');
    expect(
      stuck.status.conditions.find((x: any) => x.type === 'TopologyReconciled'),
    ).toMatchObject({
      status: 'False',
      reason: 'ReconcileFailed',
      message: expect.stringContaining('ClusterClass c1/quick-start'),
    });
    await expect(
      core.readNamespacedSecret({ name: 'c1-kubeconfig', namespace: 'c1' }),
    ).rejects.toMatchObject({ code: 404 });

    await custom.createNamespacedCustomObject({
      ...at('v1beta2', 'clusterclasses'),
      body: clusterClass('quick-start'),
    });
    await provisioned();
    expect(
      (await read('v1beta2')).status.conditions.find(
        (x: any) => x.type === 'TopologyReconciled',
      ),
    ).toMatchObject({ status: 'True', reason: 'ReconcileSucceeded' });
  });

  it('a class in another namespace does not count', async () => {
    await core.createNamespace({ body: { metadata: { name: 'other' } } });
    await custom.createNamespacedCustomObject({
      ...at('v1beta2', 'clusterclasses'),
      namespace: 'other',
      body: clusterClass('quick-start'),
    });
    await custom.createNamespacedCustomObject({
      ...at('v1beta2'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: {
          topology: { classRef: { name: 'quick-start' }, version: 'v1.31.2' },
        },
      },
    });
    const stuck = await eventually(
      async () => {
        const c = await read('v1beta2');
        return c.status?.phase && c;
      },
      'a phase',
      10_000,
    );
    expect(stuck.status.phase).toBe('Pending');
  });

  /** The example's Docker cluster as ArgoCD applies it: every object, strict field validation. */
  const exampleObjects = () =>
    parseAllDocuments(
      fs.readFileSync(
        path.resolve(
          __dirname,
          '../../../../examples/fleet/generated/clusters/dev-local/cluster.yaml',
        ),
        'utf8',
      ),
    ).map(d => d.toJS());
  const apply = async (o: any) => {
    const [group, version] = o.apiVersion.split('/');
    const plural = api.store.typeForKind(o.apiVersion, o.kind)?.plural;
    expect([o.kind, plural]).toEqual([o.kind, expect.any(String)]);
    await custom.createNamespacedCustomObject({
      group,
      version,
      plural: plural!,
      namespace: 'c1',
      body: { ...o, metadata: { ...o.metadata, namespace: 'c1' } },
      fieldValidation: 'Strict',
    });
  };

  it.each([
    [
      'in file order (the class and templates first, as their sync wave says)',
      false,
    ],
    ['with the Cluster first and its class after', true],
  ])(
    "builds the example's Docker cluster from the ClusterClass generated beside it, %s",
    async (_label, clusterFirst) => {
      const objects = exampleObjects();
      const cluster = objects.find(o => o.kind === 'Cluster');
      const rest = objects.filter(o => o !== cluster);
      for (const o of clusterFirst ? [cluster, ...rest] : [...rest, cluster])
        await apply(o);
      await eventually(
        async () =>
          (await read('v1beta2', 'dev-local')).status?.phase === 'Provisioned',
        'dev-local Provisioned',
        10_000,
      );
      expect(
        (await read('v1beta2', 'dev-local')).spec.topology.classRef,
      ).toEqual({ name: 'quick-start' });
    },
  );
});

function clusterClass(name: string) {
  const ref = (kind: string, group: string) => ({
    templateRef: { apiVersion: `${group}/v1beta2`, kind, name: `${name}-x` },
  });
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'ClusterClass',
    metadata: { name },
    spec: {
      infrastructure: ref(
        'DockerClusterTemplate',
        'infrastructure.cluster.x-k8s.io',
      ),
      controlPlane: {
        ...ref('KubeadmControlPlaneTemplate', 'controlplane.cluster.x-k8s.io'),
        machineInfrastructure: ref(
          'DockerMachineTemplate',
          'infrastructure.cluster.x-k8s.io',
        ),
      },
    },
  };
}
