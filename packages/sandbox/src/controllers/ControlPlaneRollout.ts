import type { ObjectStore, WatchEvent } from '../kube/ObjectStore';
import type { ResourceType } from '../kube/resources';
import {
  controlPlaneStatus,
  DesiredControlPlane,
  isRolledOut,
  reportedVersions,
  rolloutStep,
  StatusVersion,
} from './controlPlaneVersions';

/**
 * A stand-in for the control plane's machines once a Cluster is
 * Provisioned: which Kubernetes versions they run, reported as Cluster API
 * v1.14 reports them on the Cluster (`status.controlPlane.versions` and the
 * replica counters; under `status.v1beta2.controlPlane` when read at
 * v1beta1) and, for a Cluster with a `controlPlaneRef`, on that control
 * plane (`status.versions` and the deprecated minimum `status.version`).
 *
 * The desired version is the topology's `version` (what Cluster API's
 * topology controller copies into the KubeadmControlPlane it makes) or the
 * referenced control plane's `spec.version`. A change rolls one machine per
 * `machineRolloutMs`, so the new version is reported only once every
 * machine runs it, never as soon as Git says so.
 */
export class ControlPlaneRollout {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Clusters with a rollout step scheduled (ns/name). */
  private readonly scheduled = new Set<string>();
  private readonly stopWatches: Array<() => void> = [];

  constructor(
    private readonly store: ObjectStore,
    private readonly clusterType: ResourceType,
    private readonly machineRolloutMs: number,
  ) {}

  start() {
    for (const cluster of this.store.list(this.clusterType, undefined))
      this.reconcile(cluster);
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
    );
    // ArgoCD syncing a new spec.version changes the control plane, not the
    // Cluster: any kind a Cluster references as its control plane counts.
    this.stopWatches.push(
      this.store.observe(e => {
        const o = e.object;
        if (e.type === 'DELETED' || !o?.kind?.endsWith('ControlPlane')) return;
        const namespace = o.metadata?.namespace;
        if (!namespace) return;
        for (const cluster of this.store.list(this.clusterType, namespace))
          if (
            cluster.spec?.controlPlaneRef?.name === o.metadata.name &&
            cluster.spec?.controlPlaneRef?.kind === o.kind
          )
            this.reconcile(cluster);
      }),
    );
  }

  stop() {
    this.stopWatches.forEach(stop => stop());
    this.timers.forEach(clearTimeout);
    this.timers.clear();
  }

  private reconcile(stored: any) {
    const cluster = this.store.convert(stored, this.clusterType);
    if (
      cluster.status?.phase !== 'Provisioned' ||
      cluster.metadata.deletionTimestamp
    )
      return;
    const desired = this.desiredOf(cluster);
    if (!desired) return;
    const current = reportedVersions(this.controlPlaneOf(cluster.status));
    if (!current) {
      // Its machines were built at the version asked when it was provisioned.
      this.report(cluster, [{ ...desired }], desired);
      return;
    }
    const { namespace, name } = cluster.metadata;
    const key = `${namespace}/${name}`;
    if (isRolledOut(current, desired) || this.scheduled.has(key)) return;
    this.scheduled.add(key);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.scheduled.delete(key);
      this.step(namespace, name);
    }, this.machineRolloutMs);
    this.timers.add(timer);
  }

  /** One machine replaced; the write wakes reconcile, which schedules the next. */
  private step(namespace: string, name: string) {
    let cluster: any;
    try {
      cluster = this.store.get(this.clusterType, namespace, name);
    } catch {
      return; // deleted meanwhile
    }
    const desired = this.desiredOf(cluster);
    const current = reportedVersions(this.controlPlaneOf(cluster.status));
    if (!desired || !current || cluster.metadata.deletionTimestamp) return;
    this.report(cluster, rolloutStep(current, desired), desired);
  }

  /** What the Cluster asks of its control plane: the topology's, or its control plane object's. */
  private desiredOf(cluster: any): DesiredControlPlane | undefined {
    const topology = cluster.spec?.topology;
    if (topology)
      return typeof topology.version === 'string'
        ? {
            version: topology.version,
            replicas: replicasOf(topology.controlPlane?.replicas),
          }
        : undefined;
    const controlPlane = this.referencedControlPlane(cluster);
    const spec = controlPlane?.object.spec;
    if (typeof spec?.version !== 'string') return undefined;
    // A control plane without spec.replicas (a managed one) counts no machines.
    return spec.replicas === undefined
      ? { version: spec.version }
      : { version: spec.version, replicas: replicasOf(spec.replicas) };
  }

  private referencedControlPlane(
    cluster: any,
  ): { type: ResourceType; object: any } | undefined {
    const ref = cluster.spec?.controlPlaneRef;
    if (typeof ref?.name !== 'string') return undefined;
    const group = ref.apiGroup ?? String(ref.apiVersion ?? '').split('/')[0];
    const types = this.store
      .allTypes()
      .filter(t => t.group === group && t.kind === ref.kind);
    const type = types.find(t => t.version === 'v1beta2') ?? types[0];
    if (!type) return undefined;
    try {
      const object = this.store.get(type, cluster.metadata.namespace, ref.name);
      return { type, object };
    } catch {
      return undefined; // not synced yet
    }
  }

  private controlPlaneOf(status: any): any {
    return this.clusterType.version === 'v1beta2'
      ? status
      : { controlPlane: status?.v1beta2?.controlPlane };
  }

  private report(
    cluster: any,
    versions: StatusVersion[],
    desired: DesiredControlPlane,
  ) {
    const counters = controlPlaneStatus(versions, desired);
    const before = this.controlPlaneOf(cluster.status)?.controlPlane;
    // Nothing new: no write, so no watch event wakes reconcile again.
    if (JSON.stringify(before) === JSON.stringify(counters)) return;
    const status =
      this.clusterType.version === 'v1beta2'
        ? { ...cluster.status, controlPlane: counters }
        : {
            ...cluster.status,
            v1beta2: { ...cluster.status?.v1beta2, controlPlane: counters },
          };
    const { namespace, name } = cluster.metadata;
    this.store.update(
      this.clusterType,
      namespace,
      name,
      { ...cluster, status },
      { subresource: 'status' },
    );
    this.reportOnControlPlane(cluster, versions, desired);
  }

  /** What KubeadmControlPlane's own status says of its machines (Cluster API copies it to the Cluster). */
  private reportOnControlPlane(
    cluster: any,
    versions: StatusVersion[],
    desired: DesiredControlPlane,
  ) {
    const controlPlane = this.referencedControlPlane(cluster);
    if (!controlPlane?.type.statusSubresource) return;
    const { type, object } = controlPlane;
    const replicas = versions.reduce((n, v) => n + (v.replicas ?? 0), 0);
    const upToDate =
      versions.find(v => v.version === desired.version)?.replicas ?? 0;
    const counters =
      desired.replicas === undefined
        ? {}
        : {
            replicas,
            readyReplicas: replicas,
            ...(type.version === 'v1beta2'
              ? { upToDateReplicas: upToDate, availableReplicas: replicas }
              : { updatedReplicas: upToDate }),
          };
    // A managed control plane (AWSManagedControlPlane) has only status.version.
    const status = {
      ...object.status,
      ...(versions.length
        ? {
            version: versions[0].version,
            ...(desired.replicas === undefined
              ? {}
              : { versions: versions.map(v => ({ ...v })) }),
          }
        : {}),
      ...counters,
    };
    try {
      this.store.update(
        type,
        object.metadata.namespace,
        object.metadata.name,
        { ...object, status },
        { subresource: 'status' },
      );
    } catch {
      // changed meanwhile: the next step writes it again
    }
  }
}

/** `replicas` as Cluster API defaults it (1 when unset); a control plane has at least one machine. */
function replicasOf(value: unknown): number {
  return Number.isSafeInteger(value) && (value as number) >= 1
    ? (value as number)
    : 1;
}
