/**
 * The objects Kubernetes' workload controllers make, as pure functions: the
 * ReplicaSet a Deployment's template gets, the Pods a ReplicaSet, StatefulSet
 * or DaemonSet runs (already Running and Ready: the sandbox has no kubelet),
 * and the status each workload reports once its pods are available, worded
 * as kube-controller-manager words it (pkg/controller/deployment/util,
 * pkg/controller/statefulset, pkg/controller/daemon).
 */
import { createHash } from 'node:crypto';

type Obj = Record<string, any>;

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The single node every sandbox workload runs on. */
export const SANDBOX_NODE = 'sandbox-worker';

const SAFE = 'bcdfghjklmnpqrstvwxz2456789';

/** `pod-template-hash`/`controller-revision-hash`: a stable short hash of the template, in the alphabet upstream's SafeEncodeString uses. */
export function templateHash(template: unknown): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(template ?? {}))
    .digest();
  return Array.from(digest.subarray(0, 10), b => SAFE[b % SAFE.length]).join(
    '',
  );
}

export function randomSuffix(): string {
  return Array.from(
    { length: 5 },
    () => SAFE[Math.floor(Math.random() * SAFE.length)],
  ).join('');
}

export function ownerReference(owner: Obj): Obj {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

export const ownedBy = (obj: Obj, owner: Obj): boolean =>
  (obj.metadata?.ownerReferences ?? []).some(
    (r: Obj) => r.uid === owner.metadata.uid,
  );

/** The ReplicaSet that runs `deployment`'s current template. */
export function replicaSetFor(deployment: Obj, revision: number): Obj {
  const hash = templateHash(deployment.spec.template);
  const template = structuredClone(deployment.spec.template ?? {});
  template.metadata = {
    ...template.metadata,
    labels: { ...template.metadata?.labels, 'pod-template-hash': hash },
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `${deployment.metadata.name}-${hash}`,
      namespace: deployment.metadata.namespace,
      labels: template.metadata.labels,
      annotations: {
        'deployment.kubernetes.io/desired-replicas': String(
          deployment.spec.replicas ?? 1,
        ),
        'deployment.kubernetes.io/max-replicas': String(
          deployment.spec.replicas ?? 1,
        ),
        'deployment.kubernetes.io/revision': String(revision),
      },
      ownerReferences: [ownerReference(deployment)],
    },
    spec: {
      replicas: deployment.spec.replicas ?? 1,
      selector: {
        ...deployment.spec.selector,
        matchLabels: {
          ...deployment.spec.selector?.matchLabels,
          'pod-template-hash': hash,
        },
      },
      template,
    },
  };
}

/** A Pod of `owner`, from its template, as the kubelet would report it once started. */
export function podFor(
  owner: Obj,
  template: Obj,
  name: string,
  extraLabels: Record<string, string> = {},
): Obj {
  const startedAt = now();
  const spec = structuredClone(template?.spec ?? {});
  spec.nodeName = SANDBOX_NODE;
  const containers: Obj[] = Array.isArray(spec.containers)
    ? spec.containers
    : [];
  const condition = (type: string) => ({
    type,
    status: 'True',
    lastProbeTime: null,
    lastTransitionTime: startedAt,
  });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: owner.metadata.namespace,
      labels: { ...template?.metadata?.labels, ...extraLabels },
      ...(template?.metadata?.annotations
        ? { annotations: template.metadata.annotations }
        : {}),
      ownerReferences: [ownerReference(owner)],
    },
    spec,
    status: {
      phase: 'Running',
      conditions: [
        'Initialized',
        'Ready',
        'ContainersReady',
        'PodScheduled',
      ].map(condition),
      hostIP: '172.18.0.2',
      podIP: `10.244.0.${1 + Math.floor(Math.random() * 250)}`,
      startTime: startedAt,
      qosClass: 'BestEffort',
      containerStatuses: containers.map(c => ({
        name: c.name,
        image: c.image,
        imageID: '',
        ready: true,
        started: true,
        restartCount: 0,
        state: { running: { startedAt } },
      })),
    },
  };
}

const condition = (
  type: string,
  reason: string,
  message: string,
  since: string,
) => ({
  type,
  status: 'True',
  lastUpdateTime: since,
  lastTransitionTime: since,
  reason,
  message,
});

/** A Deployment whose new ReplicaSet is fully available (what `kubectl rollout status` waits for). */
export function deploymentStatus(
  deployment: Obj,
  replicaSetName: string,
  previous: Obj | undefined,
): Obj {
  const replicas = deployment.spec.replicas ?? 1;
  const since = (type: string) =>
    previous?.conditions?.find((c: Obj) => c.type === type)
      ?.lastTransitionTime ??
    new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    observedGeneration: deployment.metadata.generation,
    ...counts({
      replicas,
      updatedReplicas: replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
    }),
    conditions: [
      condition(
        'Available',
        'MinimumReplicasAvailable',
        'Deployment has minimum availability.',
        since('Available'),
      ),
      condition(
        'Progressing',
        'NewReplicaSetAvailable',
        `ReplicaSet "${replicaSetName}" has successfully progressed.`,
        since('Progressing'),
      ),
    ],
  };
}

export function replicaSetStatus(rs: Obj): Obj {
  const replicas = rs.spec.replicas ?? 1;
  return {
    observedGeneration: rs.metadata.generation,
    replicas,
    ...counts({
      fullyLabeledReplicas: replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
    }),
  };
}

export function statefulSetStatus(sts: Obj, revision: string): Obj {
  const replicas = sts.spec.replicas ?? 1;
  return {
    observedGeneration: sts.metadata.generation,
    replicas,
    ...counts({
      readyReplicas: replicas,
      currentReplicas: replicas,
      updatedReplicas: replicas,
      availableReplicas: replicas,
    }),
    currentRevision: revision,
    updateRevision: revision,
    collisionCount: 0,
  };
}

/** One node: a DaemonSet schedules exactly one pod. */
export function daemonSetStatus(ds: Obj): Obj {
  return {
    observedGeneration: ds.metadata.generation,
    currentNumberScheduled: 1,
    desiredNumberScheduled: 1,
    numberAvailable: 1,
    numberMisscheduled: 0,
    numberReady: 1,
    updatedNumberScheduled: 1,
  };
}

/** A pod status moved on to a successful finish. */
export function succeeded(status: Obj): Obj {
  const at = now();
  return {
    ...status,
    phase: 'Succeeded',
    conditions: status.conditions.map((c: Obj) =>
      c.type === 'Ready' || c.type === 'ContainersReady'
        ? { ...c, status: 'False', reason: 'PodCompleted' }
        : c,
    ),
    containerStatuses: status.containerStatuses.map((c: Obj) => ({
      ...c,
      ready: false,
      started: false,
      state: {
        terminated: {
          exitCode: 0,
          reason: 'Completed',
          startedAt: c.state.running.startedAt,
          finishedAt: at,
        },
      },
    })),
  };
}

export const jobFinished = (job: Obj): boolean =>
  (job.status?.conditions ?? []).some(
    (c: Obj) =>
      (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );

/** A Job whose pods all succeeded, with the conditions Kubernetes 1.31 sets (SuccessCriteriaMet, then Complete). */
export function jobStatus(completions: number, previous: Obj | undefined): Obj {
  const at = now();
  const jobCondition = (type: string, reason: string, message: string) => ({
    type,
    status: 'True',
    lastProbeTime: at,
    lastTransitionTime: at,
    reason,
    message,
  });
  return {
    startTime: previous?.startTime ?? at,
    completionTime: at,
    succeeded: completions,
    ready: 0,
    terminating: 0,
    uncountedTerminatedPods: {},
    conditions: [
      jobCondition(
        'SuccessCriteriaMet',
        'CompletionsReached',
        'Reached expected number of succeeded pods',
      ),
      jobCondition(
        'Complete',
        'CompletionsReached',
        'Reached expected number of succeeded pods',
      ),
    ],
  };
}

/** Zero counts are omitted, as the Go structs' `omitempty` does. */
function counts(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== 0));
}
