/**
 * The defaults a real API server fills into apps/v1 workloads, from
 * kubernetes/kubernetes pkg/apis/apps/v1/defaults.go (SetDefaults_Deployment,
 * _StatefulSet, _DaemonSet, _ReplicaSet), plus their pod templates
 * (./podSpec.ts). Each function changes the object it is given.
 */
import { defaultPodTemplate } from './podSpec';
import { isObject, Obj } from '../jsonObject';

/** The spec object of a workload, created if absent (the server always has one). */
const specOf = (obj: Obj): Obj => {
  if (!isObject(obj.spec)) obj.spec = {};
  return obj.spec;
};

export function defaultDeployment(obj: Obj): void {
  const spec = specOf(obj);
  spec.replicas ??= 1;
  const strategy = isObject(spec.strategy) ? spec.strategy : {};
  spec.strategy = strategy;
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    strategy.rollingUpdate = isObject(strategy.rollingUpdate)
      ? strategy.rollingUpdate
      : {};
    strategy.rollingUpdate.maxUnavailable ??= '25%';
    strategy.rollingUpdate.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  defaultPodTemplate(spec.template);
}

export function defaultDaemonSet(obj: Obj): void {
  const spec = specOf(obj);
  const strategy = isObject(spec.updateStrategy) ? spec.updateStrategy : {};
  spec.updateStrategy = strategy;
  strategy.type ??= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    strategy.rollingUpdate = isObject(strategy.rollingUpdate)
      ? strategy.rollingUpdate
      : {};
    strategy.rollingUpdate.maxUnavailable ??= 1;
    strategy.rollingUpdate.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplate(spec.template);
}

export function defaultStatefulSet(obj: Obj): void {
  const spec = specOf(obj);
  spec.podManagementPolicy ??= 'OrderedReady';
  const strategy = isObject(spec.updateStrategy) ? spec.updateStrategy : {};
  spec.updateStrategy = strategy;
  if (strategy.type === undefined) {
    strategy.type = 'RollingUpdate';
    strategy.rollingUpdate ??= {};
  }
  if (strategy.type === 'RollingUpdate' && isObject(strategy.rollingUpdate))
    strategy.rollingUpdate.partition ??= 0;
  // StatefulSetAutoDeletePVC is on by default since Kubernetes 1.27 (beta).
  const retention = isObject(spec.persistentVolumeClaimRetentionPolicy)
    ? spec.persistentVolumeClaimRetentionPolicy
    : {};
  spec.persistentVolumeClaimRetentionPolicy = retention;
  retention.whenDeleted ??= 'Retain';
  retention.whenScaled ??= 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultPodTemplate(spec.template);
  // Claim templates are PersistentVolumeClaims: SetDefaults_PersistentVolumeClaimSpec.
  for (const claim of Array.isArray(spec.volumeClaimTemplates)
    ? spec.volumeClaimTemplates
    : []) {
    if (!isObject(claim)) continue;
    if (isObject(claim.spec)) claim.spec.volumeMode ??= 'Filesystem';
  }
}

export function defaultReplicaSet(obj: Obj): void {
  const spec = specOf(obj);
  spec.replicas ??= 1;
  defaultPodTemplate(spec.template);
}
