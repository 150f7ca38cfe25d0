import { randomBytes } from 'node:crypto';
import { KubeApiServer } from '../kube/KubeApiServer';
import { kubeconfigYaml } from '../kube/kubeconfig';
import { ObjectStore, WatchEvent } from '../kube/ObjectStore';
import type { ResourceType } from '../kube/resources';
import { CapiStatusVersion, clusterStatus, Phase } from './capiStatus';
import { ControlPlaneRollout } from './ControlPlaneRollout';

export const CAPI_CLUSTER_FINALIZER = 'cluster.cluster.x-k8s.io';

export interface CapiControllerOptions {
  /** Time from Pending to Provisioned; Provisioning starts halfway. */
  provisioningDelayMs: number;
  /**
   * Awaited between writing a cluster's kubeconfig Secret and marking it
   * Provisioned (absent: one step). Real Cluster API writes the kubeconfig
   * once the control plane has an endpoint, which can be before the Cluster
   * is Provisioned; tests hold this to see the two steps apart.
   */
  beforeProvisioned?(cluster: {
    namespace: string;
    name: string;
  }): Promise<void>;
  /** Told when provisioning failed and will be tried again after the delay. */
  onProvisionFailure?(
    cluster: { namespace: string; name: string },
    error: unknown,
  ): void;
  /** Time to replace one control plane machine in a version rollout (ControlPlaneRollout). Default 1 s. */
  machineRolloutMs?: number;
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
 *
 * It reads Clusters written in v1beta1 or v1beta2 and works in the newest
 * version the store serves (v1beta2, Cluster API's storage version, when
 * the CRD has it), writing status in that version's shape (capiStatus.ts);
 * readers of the other version get it converted (kube/conversion.ts). A
 * topology Cluster whose ClusterClass does not exist is not provisioned: it
 * stays Pending with TopologyReconciled False, as Cluster API's topology
 * controller leaves it (its webhook only warns), until the class appears.
 */
export class CapiController {
  private readonly workloads = new Map<string, KubeApiServer>(); // ns/name
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Clusters whose Pending → Provisioned timeline is under way (ns/name). */
  private readonly started = new Set<string>();
  private readonly stopWatches: Array<() => void> = [];
  private clusterType!: ResourceType;
  private version!: CapiStatusVersion;
  private rollout?: ControlPlaneRollout;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: CapiControllerOptions,
  ) {}

  start() {
    this.clusterType =
      this.store.type('cluster.x-k8s.io', 'clusters', 'v1beta2') ??
      this.store.type('cluster.x-k8s.io', 'clusters')!;
    this.version =
      this.clusterType.version === 'v1beta2' ? 'v1beta2' : 'v1beta1';
    for (const cluster of this.store.list(this.clusterType, undefined))
      this.reconcile(cluster);
    this.rollout = new ControlPlaneRollout(
      this.store,
      this.clusterType,
      this.options.machineRolloutMs ?? 1000,
    );
    this.rollout.start();
    this.stopWatches.push(
      this.store.watch(
        {
          typeKey: 'cluster.x-k8s.io/clusters',
          labels: [],
          fields: [],
          send: (e: WatchEvent) =>
            e.type !== 'DELETED' && this.reconcile(e.object),
        },
        undefined,
      ),
      // A class that appears (or changes) lets the Clusters naming it go on.
      this.store.watch(
        {
          typeKey: 'cluster.x-k8s.io/clusterclasses',
          labels: [],
          fields: [],
          send: (e: WatchEvent) => {
            if (e.type === 'DELETED') return;
            for (const cluster of this.store.list(
              this.clusterType,
              e.object.metadata.namespace,
            ))
              this.reconcile(cluster);
          },
        },
        undefined,
      ),
    );
  }

  async stop() {
    this.stopWatches.forEach(stop => stop());
    this.rollout?.stop();
    this.timers.forEach(clearTimeout);
    await Promise.all([...this.workloads.values()].map(s => s.stop()));
    this.workloads.clear();
  }

  /** Why a topology Cluster's class cannot be used, as Cluster API says it; undefined when it can. */
  private missingClass(cluster: any): string | undefined {
    const topology = cluster.spec?.topology;
    if (!topology) return undefined;
    const name = topology.classRef?.name ?? topology.class;
    const namespace =
      topology.classRef?.namespace ??
      topology.classNamespace ??
      cluster.metadata.namespace;
    const classes = this.store.type('cluster.x-k8s.io', 'clusterclasses');
    try {
      if (classes && name) {
        this.store.get(classes, namespace, name);
        return undefined;
      }
    } catch {
      // not found: said below
    }
    return `failed to retrieve ClusterClass ${namespace}/${name}: clusterclasses.cluster.x-k8s.io "${name}" not found`;
  }

  private reconcile(stored: any) {
    // Written in either version: read in the one this controller writes.
    const cluster = this.store.convert(stored, this.clusterType);
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
    const key = `${namespace}/${name}`;
    if (this.started.has(key) || cluster.status?.phase === 'Provisioned')
      return;
    const topologyFailure = this.missingClass(cluster);
    if (topologyFailure) {
      const reported = (cluster.status?.conditions ?? []).some(
        (c: any) =>
          c.type === 'TopologyReconciled' && c.message === topologyFailure,
      );
      if (!reported || cluster.status?.phase !== 'Pending')
        this.setStatus(namespace, name, 'Pending', topologyFailure);
      return;
    }
    this.started.add(key);
    this.setStatus(namespace, name, 'Pending');
    // One step after the other, never two timers racing: under a burst the
    // event loop runs late, a later timer can fire before an earlier one,
    // and Provisioning written after Provisioned left the Cluster
    // Provisioning for ever (a phase real Cluster API never goes back to).
    const half = this.options.provisioningDelayMs / 2;
    this.after(half, () => {
      this.setStatus(namespace, name, 'Provisioning');
      this.after(half, () => void this.provision(namespace, name));
    });
  }

  /**
   * Provisions, and on failure undoes what it started and tries again after
   * the delay, as a real controller requeues a failed reconcile: a step that
   * fails once (a workload API server slow to start on a loaded machine) must
   * not leave the Cluster Provisioning for ever with nothing said.
   */
  private async provision(namespace: string, name: string) {
    try {
      await this.startWorkload(namespace, name);
    } catch (error) {
      await this.dropWorkload(namespace, name);
      this.options.onProvisionFailure?.({ namespace, name }, error);
      this.after(
        this.options.provisioningDelayMs,
        () => void this.provision(namespace, name),
      );
    }
  }

  /** Stops a half-provisioned cluster's API server and removes its kubeconfig Secret. */
  private async dropWorkload(namespace: string, name: string) {
    const key = `${namespace}/${name}`;
    const server = this.workloads.get(key);
    this.workloads.delete(key);
    if (server) {
      this.options.onWorkloadServer(server.url, undefined, name);
      await server.stop();
    }
    try {
      this.store.delete(
        this.store.type('', 'secrets')!,
        namespace,
        `${name}-kubeconfig`,
      );
    } catch {
      // not written yet
    }
  }

  private async startWorkload(namespace: string, name: string) {
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
            apiVersion: `cluster.x-k8s.io/${this.version}`,
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
    await this.options.beforeProvisioned?.({ namespace, name });
    this.setStatus(namespace, name, 'Provisioned');
  }

  private async teardown(namespace: string, name: string) {
    const key = `${namespace}/${name}`;
    const server = this.workloads.get(key);
    this.workloads.delete(key);
    this.started.delete(key);
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
    phase: Phase,
    topologyFailure?: string,
  ) {
    const cluster = this.get(namespace, name);
    if (!cluster || cluster.metadata.deletionTimestamp) return;
    this.store.update(
      this.clusterType,
      namespace,
      name,
      {
        ...cluster,
        status: clusterStatus(this.version, {
          phase,
          topology: !!cluster.spec?.topology,
          topologyFailure,
          generation: cluster.metadata.generation,
        }),
      },
      { subresource: 'status' },
    );
  }

  private write(namespace: string, name: string, change: (c: any) => any) {
    const cluster = this.get(namespace, name);
    if (!cluster) return;
    this.store.update(this.clusterType, namespace, name, change(cluster));
  }

  private get(namespace: string, name: string): any | undefined {
    try {
      return this.store.get(this.clusterType, namespace, name);
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
