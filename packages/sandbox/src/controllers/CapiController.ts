import { randomBytes } from 'node:crypto';
import { KubeApiServer } from '../kube/KubeApiServer';
import { kubeconfigYaml } from '../kube/kubeconfig';
import { ObjectStore, WatchEvent } from '../kube/ObjectStore';

export const CAPI_CLUSTER_FINALIZER = 'cluster.cluster.x-k8s.io';

export interface CapiControllerOptions {
  /** Time from Pending to Provisioned; Provisioning starts halfway. */
  provisioningDelayMs: number;
  /** Called when a workload cluster's API server is up or gone, so others (ArgoCD) can reach it. */
  onWorkloadServer(
    url: string,
    server: KubeApiServer | undefined,
    /** The workload cluster's name. */
    cluster: string,
  ): void;
}

/**
 * A stand-in for Cluster API's controllers: a new Cluster goes Pending,
 * Provisioning, then Provisioned, when a workload API server starts for it and
 * its `<name>-kubeconfig` Secret appears. Deleting the Cluster tears it down.
 */
export class CapiController {
  private readonly workloads = new Map<string, KubeApiServer>(); // ns/name
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopWatch?: () => void;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: CapiControllerOptions,
  ) {}

  start() {
    const type = this.store.type('cluster.x-k8s.io', 'clusters')!;
    for (const cluster of this.store.list(type, undefined))
      this.reconcile(cluster);
    this.stopWatch = this.store.watch(
      {
        typeKey: 'cluster.x-k8s.io/clusters',
        labels: [],
        fields: [],
        send: (e: WatchEvent) =>
          e.type !== 'DELETED' && this.reconcile(e.object),
      },
      undefined,
    );
  }

  async stop() {
    this.stopWatch?.();
    this.timers.forEach(clearTimeout);
    await Promise.all([...this.workloads.values()].map(s => s.stop()));
    this.workloads.clear();
  }

  private reconcile(cluster: any) {
    const { name, namespace } = cluster.metadata;
    if (cluster.metadata.deletionTimestamp) {
      void this.teardown(namespace, name);
      return;
    }
    if (!cluster.metadata.finalizers?.includes(CAPI_CLUSTER_FINALIZER)) {
      this.write(namespace, name, c => ({
        ...c,
        metadata: {
          ...c.metadata,
          finalizers: [
            ...(c.metadata.finalizers ?? []),
            CAPI_CLUSTER_FINALIZER,
          ],
        },
      }));
      return;
    }
    if (!cluster.status?.phase) {
      this.setStatus(
        namespace,
        name,
        'Pending',
        { infrastructureReady: false, controlPlaneReady: false },
        [
          condition('Ready', 'False', 'WaitingForInfrastructure', 'Info'),
          condition(
            'InfrastructureReady',
            'False',
            'WaitingForInfrastructure',
            'Info',
          ),
        ],
      );
      this.after(this.options.provisioningDelayMs / 2, () =>
        this.setStatus(
          namespace,
          name,
          'Provisioning',
          { infrastructureReady: true, controlPlaneReady: false },
          [
            condition('Ready', 'False', 'WaitingForControlPlane', 'Info'),
            condition('InfrastructureReady', 'True'),
            condition(
              'ControlPlaneInitialized',
              'False',
              'WaitingForControlPlane',
              'Info',
            ),
          ],
        ),
      );
      this.after(
        this.options.provisioningDelayMs,
        () => void this.provision(namespace, name),
      );
    }
  }

  private async provision(namespace: string, name: string) {
    const key = `${namespace}/${name}`;
    if (this.workloads.has(key) || !this.exists(namespace, name)) return;
    const token = randomBytes(16).toString('hex');
    const server = await KubeApiServer.start({ token });
    if (!this.exists(namespace, name)) {
      await server.stop(); // deleted while starting
      return;
    }
    this.workloads.set(key, server);
    this.options.onWorkloadServer(server.url, server, name);
    const secrets = this.store.type('', 'secrets')!;
    this.store.create(secrets, namespace, {
      metadata: {
        name: `${name}-kubeconfig`,
        labels: { 'cluster.x-k8s.io/cluster-name': name },
        ownerReferences: [
          {
            apiVersion: 'cluster.x-k8s.io/v1beta1',
            kind: 'Cluster',
            name,
            uid: this.get(namespace, name)?.metadata.uid,
            controller: true,
          },
        ],
      },
      type: 'cluster.x-k8s.io/secret',
      data: {
        value: Buffer.from(
          kubeconfigYaml(name, server.url, token, server.caData),
        ).toString('base64'),
      },
    });
    this.setStatus(
      namespace,
      name,
      'Provisioned',
      { infrastructureReady: true, controlPlaneReady: true },
      [
        condition('Ready', 'True'),
        condition('InfrastructureReady', 'True'),
        condition('ControlPlaneInitialized', 'True'),
        condition('ControlPlaneReady', 'True'),
      ],
    );
  }

  private async teardown(namespace: string, name: string) {
    const key = `${namespace}/${name}`;
    const server = this.workloads.get(key);
    this.workloads.delete(key);
    if (server) {
      this.options.onWorkloadServer(server.url, undefined, name);
      await server.stop();
    }
    const secrets = this.store.type('', 'secrets')!;
    try {
      this.store.delete(secrets, namespace, `${name}-kubeconfig`);
    } catch {
      // never provisioned, or already gone
    }
    this.write(namespace, name, c => ({
      ...c,
      metadata: {
        ...c.metadata,
        finalizers: (c.metadata.finalizers ?? []).filter(
          (f: string) => f !== CAPI_CLUSTER_FINALIZER,
        ),
      },
    }));
  }

  private setStatus(
    namespace: string,
    name: string,
    phase: string,
    flags: object,
    conditions: object[],
  ) {
    const cluster = this.get(namespace, name);
    if (!cluster || cluster.metadata.deletionTimestamp) return;
    const type = this.store.type('cluster.x-k8s.io', 'clusters')!;
    this.store.update(
      type,
      namespace,
      name,
      {
        ...cluster,
        status: {
          phase,
          ...flags,
          conditions,
          observedGeneration: cluster.metadata.generation,
        },
      },
      { subresource: 'status' },
    );
  }

  private write(namespace: string, name: string, change: (c: any) => any) {
    const cluster = this.get(namespace, name);
    if (!cluster) return;
    const type = this.store.type('cluster.x-k8s.io', 'clusters')!;
    this.store.update(type, namespace, name, change(cluster));
  }

  private get(namespace: string, name: string): any | undefined {
    try {
      return this.store.get(
        this.store.type('cluster.x-k8s.io', 'clusters')!,
        namespace,
        name,
      );
    } catch {
      return undefined;
    }
  }

  private exists(namespace: string, name: string) {
    const c = this.get(namespace, name);
    return !!c && !c.metadata.deletionTimestamp;
  }

  private after(ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }
}

function condition(
  type: string,
  status: 'True' | 'False',
  reason?: string,
  severity?: string,
) {
  return {
    type,
    status,
    lastTransitionTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ...(reason ? { reason } : {}),
    ...(severity ? { severity } : {}),
  };
}
