import type { ObjectStore, WatchEvent } from '../kube/ObjectStore';
import type { ResourceType } from '../kube/resources';
import {
  daemonSetStatus,
  deploymentStatus,
  jobFinished,
  jobStatus,
  ownedBy,
  podFor,
  randomSuffix,
  replicaSetFor,
  replicaSetStatus,
  statefulSetStatus,
  succeeded,
  templateHash,
} from './workloadObjects';

type Obj = Record<string, any>;

/** What the controller watches, and how it reconciles each kind. */
const KINDS = [
  'deployments',
  'replicasets',
  'statefulsets',
  'daemonsets',
  'jobs',
] as const;
type Kind = (typeof KINDS)[number];
const groupOf = (plural: Kind) => (plural === 'jobs' ? 'batch' : 'apps');

/**
 * The most Pods the sandbox runs for one workload. Status still reports the
 * desired replicas (it is computed from the spec), so rollout status and
 * health read as upstream's would; only the Pod objects stop here, so a
 * `replicas: 1000000` (an int32 the API server accepts) cannot make the
 * process that hosts the sandbox create a million objects in one tick.
 */
export const MAX_PODS_PER_WORKLOAD = 100;
const podCount = (n: unknown) =>
  Math.max(0, Math.min(Number(n) || 0, MAX_PODS_PER_WORKLOAD));

/**
 * The part of kube-controller-manager a bundle's workloads need, for one
 * sandbox cluster: Deployments get a ReplicaSet per template, ReplicaSets,
 * StatefulSets and DaemonSets get their Pods (Running and Ready at once: no
 * kubelet), Jobs complete, and each reports the status upstream controllers report once
 * everything is available (observedGeneration, replica counts, Available and
 * Progressing conditions), so `kubectl rollout status` and ArgoCD-style health
 * read real status. Dependents go with their owner, as the garbage collector
 * does. Work runs on the next tick, never inside the write that caused it.
 */
export class WorkloadController {
  private readonly stops: Array<() => void> = [];
  private readonly queued = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly store: ObjectStore) {}

  start(): this {
    for (const plural of KINDS) {
      const type = this.type(plural);
      this.stops.push(
        this.store.watch(
          {
            typeKey: `${groupOf(plural)}/${plural}`,
            labels: [],
            fields: [],
            send: e => this.onEvent(plural, e),
          },
          undefined,
        ),
      );
      for (const obj of this.store.list(type, undefined))
        this.enqueue(plural, obj);
    }
    this.stops.push(
      this.store.watch(
        {
          typeKey: '/pods',
          labels: [],
          fields: [],
          send: e => this.onPodEvent(e),
        },
        undefined,
      ),
    );
    return this;
  }

  stop(): void {
    this.stopped = true;
    this.stops.forEach(stop => stop());
    this.queued.forEach(clearTimeout);
    this.queued.clear();
  }

  private type(plural: Kind | 'pods'): ResourceType {
    return plural === 'pods'
      ? this.store.type('', 'pods')!
      : this.store.type(groupOf(plural), plural)!;
  }

  private onEvent(plural: Kind, event: WatchEvent) {
    if (event.type === 'DELETED') this.collectGarbage(event.object);
    else this.enqueue(plural, event.object);
  }

  /** A Pod deleted by hand is replaced, as its owner's controller would. */
  private onPodEvent(event: WatchEvent) {
    if (event.type !== 'DELETED') return;
    const owner = event.object.metadata.ownerReferences?.find(
      (r: Obj) => r.controller,
    );
    if (!owner || owner.apiVersion !== 'apps/v1') return;
    const plural = `${String(owner.kind).toLowerCase()}s` as Kind;
    if (KINDS.includes(plural))
      this.enqueue(plural, {
        metadata: {
          namespace: event.object.metadata.namespace,
          name: owner.name,
        },
      });
  }

  private enqueue(plural: Kind, obj: Obj) {
    const key = `${plural}/${obj.metadata.namespace}/${obj.metadata.name}`;
    if (this.stopped || this.queued.has(key)) return;
    this.queued.set(
      key,
      setTimeout(() => {
        this.queued.delete(key);
        if (!this.stopped)
          this.reconcile(plural, obj.metadata.namespace, obj.metadata.name);
      }, 0),
    );
  }

  private reconcile(plural: Kind, namespace: string, name: string) {
    let obj: Obj;
    try {
      obj = this.store.get(this.type(plural), namespace, name);
    } catch {
      return; // gone since
    }
    if (obj.metadata.deletionTimestamp) return;
    try {
      if (plural === 'deployments') this.deployment(obj);
      else if (plural === 'replicasets') this.replicaSet(obj);
      else if (plural === 'statefulsets') this.statefulSet(obj);
      else if (plural === 'jobs') this.job(obj);
      else this.daemonSet(obj);
    } catch (error: any) {
      // A concurrent write wins; its event brings this object back here.
      if (error?.code === 409 || error?.code === 404) return;
      // Anything else (a dependent the API server refuses, e.g. a name too
      // long once the template hash is added) is the workload's condition,
      // as kube-controller-manager reports it; never an exception, which in
      // a timer would end the process hosting the sandbox.
      this.reportFailure(plural, obj, error);
    }
  }

  private reportFailure(plural: Kind, obj: Obj, error: unknown) {
    const failure = {
      type: 'ReplicaFailure',
      status: 'True',
      reason: 'FailedCreate',
      message: error instanceof Error ? error.message : String(error),
    };
    const others = (obj.status?.conditions ?? []).filter(
      (c: Obj) => c.type !== failure.type,
    );
    try {
      this.writeStatus(plural, obj, {
        ...obj.status,
        conditions: [...others, failure],
      });
    } catch {
      // Changed or gone since: its next event brings it back here.
    }
  }

  private deployment(deployment: Obj) {
    if (deployment.spec.paused) return;
    const rsType = this.type('replicasets');
    const owned = this.store
      .list(rsType, deployment.metadata.namespace)
      .filter(rs => ownedBy(rs, deployment));
    const revisions = owned.map(rs =>
      Number(
        rs.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0,
      ),
    );
    const wanted = replicaSetFor(deployment, 0);
    const current = owned.find(rs => rs.metadata.name === wanted.metadata.name);
    const revision = current
      ? Number(
          current.metadata.annotations?.['deployment.kubernetes.io/revision'] ??
            1,
        )
      : Math.max(0, ...revisions) + 1;
    const desired = replicaSetFor(deployment, revision);
    if (!current)
      this.store.create(rsType, deployment.metadata.namespace, desired);
    else if (current.spec.replicas !== desired.spec.replicas)
      this.store.update(
        rsType,
        current.metadata.namespace,
        current.metadata.name,
        {
          ...current,
          metadata: {
            ...current.metadata,
            annotations: desired.metadata.annotations,
          },
          spec: { ...current.spec, replicas: desired.spec.replicas },
        },
      );
    // Old templates scale to zero once the new one is available (which is at once here).
    for (const old of owned) {
      if (
        old.metadata.name === desired.metadata.name ||
        old.spec.replicas === 0
      )
        continue;
      this.store.update(rsType, old.metadata.namespace, old.metadata.name, {
        ...old,
        spec: { ...old.spec, replicas: 0 },
      });
    }
    this.writeStatus(
      'deployments',
      deployment,
      deploymentStatus(deployment, desired.metadata.name, deployment.status),
    );
  }

  private replicaSet(rs: Obj) {
    this.syncPods(
      rs,
      rs.spec.template,
      rs.spec.replicas ?? 1,
      () => `${rs.metadata.name}-${randomSuffix()}`,
    );
    this.writeStatus('replicasets', rs, replicaSetStatus(rs));
  }

  private statefulSet(sts: Obj) {
    const revision = `${sts.metadata.name}-${templateHash(sts.spec.template)}`;
    const replicas = sts.spec.replicas ?? 1;
    this.syncPods(
      sts,
      sts.spec.template,
      replicas,
      i => `${sts.metadata.name}-${i}`,
      i => ({
        'controller-revision-hash': revision,
        'statefulset.kubernetes.io/pod-name': `${sts.metadata.name}-${i}`,
        'apps.kubernetes.io/pod-index': String(i),
      }),
    );
    this.writeStatus('statefulsets', sts, statefulSetStatus(sts, revision));
  }

  private daemonSet(ds: Obj) {
    const hash = templateHash(ds.spec.template);
    this.syncPods(
      ds,
      ds.spec.template,
      1,
      () => `${ds.metadata.name}-${randomSuffix()}`,
      () => ({
        'controller-revision-hash': hash,
        'pod-template-generation': String(ds.metadata.generation ?? 1),
      }),
    );
    this.writeStatus('daemonsets', ds, daemonSetStatus(ds));
  }

  /** A Job runs its pods to completion at once (no kubelet), unless suspended. */
  private job(job: Obj) {
    if (job.spec.suspend || jobFinished(job)) return;
    const podType = this.type('pods');
    const count = job.spec.completions ?? job.spec.parallelism ?? 1;
    const done = this.store
      .list(podType, job.metadata.namespace)
      .filter(p => ownedBy(p, job)).length;
    for (let i = done; i < podCount(count); i++) {
      const pod = podFor(
        job,
        job.spec.template,
        `${job.metadata.name}-${randomSuffix()}`,
      );
      pod.status = succeeded(pod.status);
      this.store.create(podType, job.metadata.namespace, pod);
    }
    this.writeStatus('jobs', job, jobStatus(count, job.status));
  }

  /**
   * Makes `owner` run exactly `count` Pods (at most MAX_PODS_PER_WORKLOAD) of its current template: those of
   * an older template (by their labels) are replaced, extra ones deleted.
   */
  private syncPods(
    owner: Obj,
    template: Obj,
    count: number,
    nameFor: (index: number) => string,
    labelsFor: (index: number) => Record<string, string> = () => ({}),
  ) {
    const podType = this.type('pods');
    const namespace = owner.metadata.namespace;
    const wanted = podCount(count);
    const pods = this.store
      .list(podType, namespace)
      .filter(p => ownedBy(p, owner));
    const current = (pod: Obj, i: number) =>
      Object.entries({ ...template?.metadata?.labels, ...labelsFor(i) }).every(
        ([k, v]) => pod.metadata.labels?.[k] === v,
      );
    const keep: Obj[] = [];
    for (const pod of pods) {
      if (keep.length < wanted && current(pod, keep.length)) keep.push(pod);
      else this.store.delete(podType, namespace, pod.metadata.name);
    }
    const names = new Set(keep.map(p => p.metadata.name));
    for (let i = 0; keep.length < wanted && i < wanted * 4 + 10; i++) {
      const name = nameFor(i);
      if (names.has(name)) continue;
      const pod = podFor(owner, template, name, labelsFor(i));
      this.store.create(podType, namespace, pod);
      names.add(name);
      keep.push(pod);
    }
  }

  private writeStatus(plural: Kind, obj: Obj, status: Obj) {
    if (JSON.stringify(obj.status) === JSON.stringify(status)) return;
    this.store.update(
      this.type(plural),
      obj.metadata.namespace,
      obj.metadata.name,
      { ...obj, status },
      { subresource: 'status', fieldManager: 'kube-controller-manager' },
    );
  }

  /** What the garbage collector does: dependents of a deleted owner go too. */
  private collectGarbage(owner: Obj) {
    for (const plural of ['replicasets', 'pods'] as const) {
      const type = this.type(plural);
      for (const dependent of this.store.list(type, owner.metadata.namespace)) {
        if (!ownedBy(dependent, owner)) continue;
        try {
          this.store.delete(
            type,
            dependent.metadata.namespace,
            dependent.metadata.name,
          );
        } catch {
          // already gone
        }
      }
    }
  }
}
