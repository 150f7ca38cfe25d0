import { sandboxCrds } from '../kube/crds';
import { KubeApiServer } from '../kube/KubeApiServer';
import { eventually } from '../testing/eventually';
import { CapiController } from './CapiController';

/**
 * What the simulated control plane does with Clusters it cannot follow: a
 * control plane that is not there (yet), and versions in its status that
 * someone else wrote in the wrong shape.
 */
describe('simulated control plane rollout, hostile input', () => {
  let api: KubeApiServer;
  let capi: CapiController;

  beforeEach(async () => {
    api = await KubeApiServer.start({ token: 't' });
    const store = api.store;
    const crdType = store.type(
      'apiextensions.k8s.io',
      'customresourcedefinitions',
    )!;
    for (const crd of sandboxCrds()) store.create(crdType, undefined, crd);
    store.create(store.type('', 'namespaces')!, undefined, {
      metadata: { name: 'c1' },
    });
    capi = new CapiController(store, {
      provisioningDelayMs: 50,
      machineRolloutMs: 20,
      onWorkloadServer: () => {},
    });
    capi.start();
  });
  afterEach(async () => {
    await capi.stop();
    await api.stop();
  });

  const clusters = () =>
    api.store.type('cluster.x-k8s.io', 'clusters', 'v1beta2')!;
  const kcps = () =>
    api.store.type(
      'controlplane.cluster.x-k8s.io',
      'kubeadmcontrolplanes',
      'v1beta2',
    )!;
  const cluster = () => api.store.get(clusters(), 'c1', 'c1');

  function createCluster() {
    api.store.create(clusters(), 'c1', {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: { name: 'c1' },
      spec: {
        controlPlaneRef: {
          apiGroup: 'controlplane.cluster.x-k8s.io',
          kind: 'KubeadmControlPlane',
          name: 'c1-control-plane',
        },
      },
    });
  }
  function createControlPlane(version: string) {
    api.store.create(kcps(), 'c1', {
      apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmControlPlane',
      metadata: { name: 'c1-control-plane' },
      spec: {
        replicas: 1,
        version,
        machineTemplate: {
          spec: {
            infrastructureRef: {
              apiGroup: 'infrastructure.cluster.x-k8s.io',
              kind: 'DockerMachineTemplate',
              name: 'x',
            },
          },
        },
      },
    });
  }

  it('reports no version for a control plane that does not exist, then the version once it appears', async () => {
    createCluster();
    await eventually(
      () => cluster().status?.phase === 'Provisioned',
      'c1 Provisioned',
      10_000,
    );
    expect(cluster().status.controlPlane).toBeUndefined();
    createControlPlane('v1.31.2');
    await eventually(
      () => cluster().status?.controlPlane?.versions?.[0]?.version,
      'c1 reporting a version',
      10_000,
    );
    expect(cluster().status.controlPlane.versions).toEqual([
      { version: 'v1.31.2', replicas: 1 },
    ]);
  });

  it.each([
    ['a string', 'v1.0.0'],
    ['entries with text replicas', [{ version: 'v1.0.0', replicas: 'many' }]],
    ['a prototype key as version', [{ version: '__proto__', replicas: -5 }]],
  ])(
    'replaces versions someone wrote as %s with what the machines run',
    async (_, versions) => {
      createControlPlane('v1.31.2');
      createCluster();
      await eventually(
        () => cluster().status?.controlPlane?.versions,
        'c1 reporting versions',
        10_000,
      );
      const current = cluster();
      const written: unknown[] = [];
      const stop = api.store.watch(
        {
          typeKey: 'cluster.x-k8s.io/clusters',
          labels: [],
          fields: [],
          send: e => written.push(e.object.status?.controlPlane?.versions),
        },
        undefined,
      );
      api.store.update(
        clusters(),
        'c1',
        'c1',
        {
          ...current,
          status: {
            ...current.status,
            controlPlane: { ...current.status.controlPlane, versions },
          },
        },
        { subresource: 'status' },
      );
      stop();
      // The wrong shape was stored (no schema stopped it) …
      expect(written).toContainEqual(versions);
      await eventually(
        () =>
          JSON.stringify(cluster().status?.controlPlane?.versions) ===
          JSON.stringify([{ version: 'v1.31.2', replicas: 1 }]),
        '… and c1 reports what its machines run again',
        10_000,
      );
      expect(({} as any).replicas).toBeUndefined();
    },
  );
});
