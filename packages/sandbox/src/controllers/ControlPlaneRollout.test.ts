import {
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { sandboxCrds } from '../kube/crds';
import { KubeApiServer } from '../kube/KubeApiServer';
import { kubeConfigFor } from '../kube/kubeConfigFor';
import { eventually } from '../testing/eventually';
import { CapiController } from './CapiController';

/**
 * The simulated control plane rolls a new Kubernetes version one machine at
 * a time, and Cluster API's status says the new version only once every
 * machine runs it: on the Cluster (status.controlPlane.versions, at
 * v1beta1 under status.v1beta2) and on a referenced KubeadmControlPlane
 * (status.versions and the minimum, status.version).
 */
describe('simulated control plane rollout', () => {
  let api: KubeApiServer;
  let capi: CapiController;
  let custom: CustomObjectsApi;
  /** Every status.controlPlane.versions the Cluster c1 was seen with, in order. */
  let seen: unknown[];
  let stopWatch: () => void;

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
    seen = [];
    stopWatch = store.watch(
      {
        typeKey: 'cluster.x-k8s.io/clusters',
        labels: [],
        fields: [],
        send: e => {
          const versions = e.object.status?.controlPlane?.versions;
          if (
            versions &&
            JSON.stringify(versions) !== JSON.stringify(seen[seen.length - 1])
          )
            seen.push(versions);
        },
      },
      undefined,
    );
    capi = new CapiController(store, {
      provisioningDelayMs: 50,
      machineRolloutMs: 20,
      onWorkloadServer: () => {},
    });
    capi.start();
    custom = kubeConfigFor(api.url, 't').makeApiClient(CustomObjectsApi);
  });
  afterEach(async () => {
    stopWatch();
    await capi.stop();
    await api.stop();
  });

  const at = (
    plural: string,
    group = 'cluster.x-k8s.io',
    version = 'v1beta2',
  ) => ({
    group,
    version,
    plural,
    namespace: 'c1',
  });
  const readCluster = (version = 'v1beta2'): Promise<any> =>
    custom.getNamespacedCustomObject({
      ...at('clusters', 'cluster.x-k8s.io', version),
      name: 'c1',
    });
  const versionsAre = (versions: unknown) =>
    eventually(
      async () =>
        JSON.stringify((await readCluster()).status?.controlPlane?.versions) ===
        JSON.stringify(versions),
      `Cluster c1 reporting ${JSON.stringify(versions)}`,
      10_000,
    );
  const patch = (plural: string, group: string, name: string, body: object) =>
    custom.patchNamespacedCustomObject(
      { ...at(plural, group), name, body },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );

  async function topologyCluster(version: string, replicas: number) {
    await custom.createNamespacedCustomObject({
      ...at('clusterclasses'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'ClusterClass',
        metadata: { name: 'quick-start' },
        spec: {
          infrastructure: {
            templateRef: {
              apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
              kind: 'DockerClusterTemplate',
              name: 'x',
            },
          },
          controlPlane: {
            templateRef: {
              apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
              kind: 'KubeadmControlPlaneTemplate',
              name: 'x',
            },
          },
        },
      },
    });
    await custom.createNamespacedCustomObject({
      ...at('clusters'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: {
          topology: {
            classRef: { name: 'quick-start' },
            version,
            controlPlane: { replicas },
          },
        },
      },
    });
  }

  it('reports the version a topology Cluster was built at once it is Provisioned, with its counters', async () => {
    await topologyCluster('v1.30.0', 3);
    await versionsAre([{ version: 'v1.30.0', replicas: 3 }]);
    const cluster = await readCluster();
    expect(cluster.status.phase).toBe('Provisioned');
    expect(cluster.status.controlPlane).toEqual({
      desiredReplicas: 3,
      replicas: 3,
      upToDateReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      versions: [{ version: 'v1.30.0', replicas: 3 }],
    });
  });

  it('rolls a new topology version one machine at a time: the old version stays reported until the last machine is replaced', async () => {
    await topologyCluster('v1.30.0', 3);
    await versionsAre([{ version: 'v1.30.0', replicas: 3 }]);
    await patch('clusters', 'cluster.x-k8s.io', 'c1', {
      spec: { topology: { version: 'v1.30.1' } },
    });
    await versionsAre([{ version: 'v1.30.1', replicas: 3 }]);
    expect(seen).toEqual([
      [{ version: 'v1.30.0', replicas: 3 }],
      [
        { version: 'v1.30.0', replicas: 2 },
        { version: 'v1.30.1', replicas: 1 },
      ],
      [
        { version: 'v1.30.0', replicas: 1 },
        { version: 'v1.30.1', replicas: 2 },
      ],
      [{ version: 'v1.30.1', replicas: 3 }],
    ]);
    // The spec change kept the phase and the rest of Cluster API's status.
    const cluster = await readCluster();
    expect(cluster.status.phase).toBe('Provisioned');
    expect(cluster.status.controlPlane.upToDateReplicas).toBe(3);
  });

  it('serves the versions at v1beta1 under status.v1beta2.controlPlane, as Cluster API converts them', async () => {
    await topologyCluster('v1.30.0', 1);
    await versionsAre([{ version: 'v1.30.0', replicas: 1 }]);
    const old = await readCluster('v1beta1');
    expect(old.status).not.toHaveProperty('controlPlane');
    expect(old.status.v1beta2.controlPlane.versions).toEqual([
      { version: 'v1.30.0', replicas: 1 },
    ]);
    expect(old.status.v1beta2.conditions.length).toBeGreaterThan(0);
  });

  it('follows a referenced KubeadmControlPlane: its spec.version rolls, and it reports status.version as the minimum of its machines', async () => {
    await custom.createNamespacedCustomObject({
      ...at('kubeadmcontrolplanes', 'controlplane.cluster.x-k8s.io'),
      body: {
        apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
        kind: 'KubeadmControlPlane',
        metadata: { name: 'c1-control-plane' },
        spec: {
          replicas: 2,
          version: 'v1.28.9',
          machineTemplate: {
            spec: {
              infrastructureRef: {
                apiGroup: 'infrastructure.cluster.x-k8s.io',
                kind: 'DockerMachineTemplate',
                name: 'c1-control-plane',
              },
            },
          },
        },
      },
    });
    await custom.createNamespacedCustomObject({
      ...at('clusters'),
      body: {
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
      },
    });
    await versionsAre([{ version: 'v1.28.9', replicas: 2 }]);
    const readKcp = (): Promise<any> =>
      custom.getNamespacedCustomObject({
        ...at('kubeadmcontrolplanes', 'controlplane.cluster.x-k8s.io'),
        name: 'c1-control-plane',
      });
    expect((await readKcp()).status).toMatchObject({
      version: 'v1.28.9',
      versions: [{ version: 'v1.28.9', replicas: 2 }],
      replicas: 2,
      upToDateReplicas: 2,
    });
    const kcpVersions: string[] = [];
    const stop = api.store.watch(
      {
        typeKey: 'controlplane.cluster.x-k8s.io/kubeadmcontrolplanes',
        labels: [],
        fields: [],
        send: e => {
          const v = e.object.status?.version;
          if (v && kcpVersions[kcpVersions.length - 1] !== v)
            kcpVersions.push(v);
        },
      },
      undefined,
    );
    await patch(
      'kubeadmcontrolplanes',
      'controlplane.cluster.x-k8s.io',
      'c1-control-plane',
      { spec: { version: 'v1.29.0' } },
    );
    await versionsAre([{ version: 'v1.29.0', replicas: 2 }]);
    stop();
    expect(seen).toContainEqual([
      { version: 'v1.28.9', replicas: 1 },
      { version: 'v1.29.0', replicas: 1 },
    ]);
    // The minimum: still v1.28.9 while one machine runs it.
    expect(kcpVersions).toEqual(['v1.28.9', 'v1.29.0']);
    expect((await readKcp()).status).toMatchObject({
      version: 'v1.29.0',
      upToDateReplicas: 2,
    });
  });
  it('upgrades a referenced managed control plane (AWSManagedControlPlane, no replicas) as a whole and reports its status.version', async () => {
    await custom.createNamespacedCustomObject({
      ...at('awsmanagedcontrolplanes', 'controlplane.cluster.x-k8s.io'),
      body: {
        apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
        kind: 'AWSManagedControlPlane',
        metadata: { name: 'c1-control-plane' },
        spec: { region: 'us-west-2', version: 'v1.29' },
      },
    });
    await custom.createNamespacedCustomObject({
      ...at('clusters'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: {
          controlPlaneRef: {
            apiGroup: 'controlplane.cluster.x-k8s.io',
            kind: 'AWSManagedControlPlane',
            name: 'c1-control-plane',
          },
        },
      },
    });
    await versionsAre([{ version: 'v1.29' }]);
    expect((await readCluster()).status.controlPlane).toEqual({
      versions: [{ version: 'v1.29' }],
    });
    await patch(
      'awsmanagedcontrolplanes',
      'controlplane.cluster.x-k8s.io',
      'c1-control-plane',
      { spec: { version: 'v1.30' } },
    );
    await versionsAre([{ version: 'v1.30' }]);
    const managed: any = await custom.getNamespacedCustomObject({
      ...at('awsmanagedcontrolplanes', 'controlplane.cluster.x-k8s.io'),
      name: 'c1-control-plane',
    });
    expect(managed.status.version).toBe('v1.30');
    expect(managed.status).not.toHaveProperty('versions');
  });
});
