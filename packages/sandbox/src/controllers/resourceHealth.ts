/**
 * Resource and Application health as ArgoCD assesses it, from live status:
 * gitops-engine's pkg/health (health_deployment.go, health_statefulset.go,
 * health_replicaset.go, health_daemonset.go, health_job.go, health_pod.go,
 * health_service.go) and argo-cd's controller/health.go for the Application.
 * Kinds without a health check have no health; they do not count.
 *
 * Left out on purpose: PersistentVolumeClaims (no volume controller binds
 * them in the sandbox, so every claim would be Unknown) and Ingress (no
 * ingress controller writes its load balancer status).
 */

export type HealthStatusCode =
  | 'Healthy'
  | 'Suspended'
  | 'Progressing'
  | 'Missing'
  | 'Degraded'
  | 'Unknown';

export interface HealthStatus {
  status: HealthStatusCode;
  message?: string;
}

type Obj = Record<string, any>;

/** gitops-engine's healthOrder: later is worse. */
const ORDER: HealthStatusCode[] = [
  'Healthy',
  'Suspended',
  'Progressing',
  'Missing',
  'Degraded',
  'Unknown',
];

export function isWorse(current: HealthStatusCode, next: HealthStatusCode) {
  return ORDER.indexOf(next) > ORDER.indexOf(current);
}

const progressing = (message: string): HealthStatus => ({
  status: 'Progressing',
  message,
});

const condition = (o: Obj, type: string): Obj | undefined =>
  (o.status?.conditions ?? []).find((c: Obj) => c.type === type);

function deployment(d: Obj): HealthStatus {
  if (d.spec?.paused)
    return { status: 'Suspended', message: 'Deployment is paused' };
  const s = d.status ?? {};
  if ((d.metadata.generation ?? 0) > (s.observedGeneration ?? 0))
    return progressing(
      'Waiting for rollout to finish: observed deployment generation less than desired generation',
    );
  const replicas: number | undefined = d.spec?.replicas;
  const updated = s.updatedReplicas ?? 0;
  const total = s.replicas ?? 0;
  const available = s.availableReplicas ?? 0;
  if (condition(d, 'Progressing')?.reason === 'ProgressDeadlineExceeded')
    return {
      status: 'Degraded',
      message: `Deployment "${d.metadata.name}" exceeded its progress deadline`,
    };
  if (replicas !== undefined && updated < replicas)
    return progressing(
      `Waiting for rollout to finish: ${updated} out of ${replicas} new replicas have been updated...`,
    );
  if (total > updated)
    return progressing(
      `Waiting for rollout to finish: ${
        total - updated
      } old replicas are pending termination...`,
    );
  if (available < updated)
    return progressing(
      `Waiting for rollout to finish: ${available} of ${updated} updated replicas are available...`,
    );
  return { status: 'Healthy' };
}

function replicaSet(rs: Obj): HealthStatus {
  const s = rs.status ?? {};
  if ((rs.metadata.generation ?? 0) > (s.observedGeneration ?? 0))
    return progressing(
      'Waiting for rollout to finish: observed replica set generation less than desired generation',
    );
  const failure = condition(rs, 'ReplicaFailure');
  if (failure?.status === 'True')
    return { status: 'Degraded', message: failure.message };
  const replicas: number | undefined = rs.spec?.replicas;
  if (replicas !== undefined && (s.availableReplicas ?? 0) < replicas)
    return progressing(
      `Waiting for rollout to finish: ${
        s.availableReplicas ?? 0
      } out of ${replicas} new replicas are available...`,
    );
  return { status: 'Healthy' };
}

function statefulSet(sts: Obj): HealthStatus {
  const s = sts.status ?? {};
  if (!s.observedGeneration || sts.metadata.generation > s.observedGeneration)
    return progressing('Waiting for statefulset spec update to be observed...');
  const replicas: number | undefined = sts.spec?.replicas;
  const ready = s.readyReplicas ?? 0;
  if (replicas !== undefined && ready < replicas)
    return progressing(`Waiting for ${replicas - ready} pods to be ready...`);
  const strategy = sts.spec?.updateStrategy ?? {};
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) {
    const partition = strategy.rollingUpdate.partition;
    if (replicas !== undefined && partition !== undefined) {
      const want = replicas - partition;
      if ((s.updatedReplicas ?? 0) < want)
        return progressing(
          `Waiting for partitioned roll out to finish: ${
            s.updatedReplicas ?? 0
          } out of ${want} new pods have been updated...`,
        );
    }
    return {
      status: 'Healthy',
      message: `partitioned roll out complete: ${
        s.updatedReplicas ?? 0
      } new pods have been updated...`,
    };
  }
  if (strategy.type === 'OnDelete')
    return {
      status: 'Healthy',
      message: `statefulset has ${ready} ready pods`,
    };
  if (s.updateRevision !== s.currentRevision)
    return progressing(
      `waiting for statefulset rolling update to complete ${
        s.updatedReplicas ?? 0
      } pods at revision ${s.updateRevision}...`,
    );
  return {
    status: 'Healthy',
    message: `statefulset rolling update complete ${
      s.currentReplicas ?? 0
    } pods at revision ${s.currentRevision}...`,
  };
}

function daemonSet(ds: Obj): HealthStatus {
  const s = ds.status ?? {};
  if ((ds.metadata.generation ?? 0) > (s.observedGeneration ?? 0))
    return progressing(
      'Waiting for rollout to finish: observed daemon set generation less than desired generation',
    );
  const desired = s.desiredNumberScheduled ?? 0;
  const updated = s.updatedNumberScheduled ?? 0;
  if (ds.spec?.updateStrategy?.type === 'OnDelete')
    return {
      status: 'Healthy',
      message: `daemon set ${updated} out of ${desired} new pods have been updated`,
    };
  if (updated < desired)
    return progressing(
      `Waiting for daemon set "${ds.metadata.name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`,
    );
  if ((s.numberAvailable ?? 0) < desired)
    return progressing(
      `Waiting for daemon set "${ds.metadata.name}" rollout to finish: ${
        s.numberAvailable ?? 0
      } of ${desired} updated pods are available...`,
    );
  return { status: 'Healthy' };
}

function job(j: Obj): HealthStatus {
  let failed: Obj | undefined;
  let complete: Obj | undefined;
  let suspended = false;
  for (const c of j.status?.conditions ?? []) {
    if (c.type === 'Failed') failed = c;
    else if (c.type === 'Complete') complete = c;
    else if (c.type === 'Suspended') {
      complete = c;
      suspended = c.status === 'True';
    }
  }
  if (failed) return { status: 'Degraded', message: failed.message };
  if (!complete) return { status: 'Progressing' };
  if (suspended) return { status: 'Suspended' };
  return { status: 'Healthy', message: complete.message };
}

function pod(p: Obj): HealthStatus {
  const s = p.status ?? {};
  const always = (p.spec?.restartPolicy ?? 'Always') === 'Always';
  if (always) {
    const waiting = (s.containerStatuses ?? [])
      .map((c: Obj) => c.state?.waiting)
      .filter(
        (w: Obj | undefined) =>
          w &&
          (/^Err/.test(w.reason ?? '') ||
            /(Error|BackOff)$/.test(w.reason ?? '')),
      );
    if (waiting.length)
      return {
        status: 'Degraded',
        message: waiting.map((w: Obj) => w.message ?? '').join(', '),
      };
  }
  switch (s.phase) {
    case 'Succeeded':
      return { status: 'Healthy', message: s.message };
    case 'Failed':
      return { status: 'Degraded', message: s.message };
    case 'Running':
      if (!always) return { status: 'Progressing', message: s.message };
      if (condition(p, 'Ready')?.status === 'True')
        return { status: 'Healthy', message: s.message };
      return { status: 'Progressing', message: s.message };
    default:
      return { status: 'Progressing', message: s.message };
  }
}

function service(svc: Obj): HealthStatus {
  if (
    svc.spec?.type === 'LoadBalancer' &&
    !(svc.status?.loadBalancer?.ingress ?? []).length
  )
    return { status: 'Progressing' };
  return { status: 'Healthy' };
}

/** Cluster API's Cluster, as the sandbox has always judged it: Healthy once Provisioned. */
function capiCluster(c: Obj): HealthStatus {
  return c.status?.phase === 'Provisioned'
    ? { status: 'Healthy' }
    : progressing(`Cluster is ${c.status?.phase ?? 'Pending'}`);
}

const CHECKS: Record<string, (o: Obj) => HealthStatus> = {
  'apps/Deployment': deployment,
  'apps/ReplicaSet': replicaSet,
  'apps/StatefulSet': statefulSet,
  'apps/DaemonSet': daemonSet,
  'batch/Job': job,
  '/Pod': pod,
  '/Service': service,
  'cluster.x-k8s.io/Cluster': capiCluster,
};

/** A live object's health, or undefined when ArgoCD has no health check for its kind. */
export function resourceHealth(live: Obj): HealthStatus | undefined {
  const apiVersion: string = live.apiVersion ?? '';
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  // Any kind being deleted is Progressing, checked or not (GetResourceHealth).
  if (live.metadata?.deletionTimestamp)
    return { status: 'Progressing', message: 'Pending deletion' };
  return CHECKS[`${group}/${live.kind}`]?.(live);
}

/**
 * The Application's health from its resources' (argo-cd setApplicationHealth):
 * the worst of them; a missing resource does not count (OutOfSync says it)
 * unless none of them is live; nothing to judge is Healthy.
 */
export function applicationHealth(
  resources: Array<{ live: boolean; health?: HealthStatus }>,
): HealthStatusCode {
  let worst: HealthStatusCode = 'Healthy';
  for (const r of resources) {
    if (!r.live || !r.health) continue;
    if (isWorse(worst, r.health.status)) worst = r.health.status;
  }
  if (
    resources.length &&
    !resources.some(r => r.live) &&
    isWorse(worst, 'Missing')
  )
    return 'Missing';
  return worst;
}
