/**
 * The defaults a real API server fills into batch/v1 kinds, from
 * kubernetes/kubernetes pkg/apis/batch/v1/defaults.go (SetDefaults_Job,
 * _CronJob) and the Job registry strategy (pkg/registry/batch/job/strategy.go:
 * the generated selector and the labels it puts on the pod template). Each
 * function changes the object it is given.
 */
import { defaultPodTemplate } from './podSpec';
import { isObject, Obj } from '../jsonObject';

/** `uid`: the Job's own, which its generated selector matches (strategy.go generateSelector). */
export function defaultJob(obj: Obj, uid: string | undefined): void {
  if (!isObject(obj.spec)) obj.spec = {};
  const spec = obj.spec;
  if (spec.completions === undefined && spec.parallelism === undefined) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= 6;
  const templateLabels = spec.template?.metadata?.labels;
  if (
    isObject(templateLabels) &&
    (!isObject(obj.metadata?.labels) ||
      Object.keys(obj.metadata.labels).length === 0)
  )
    obj.metadata = { ...obj.metadata, labels: { ...templateLabels } };
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  // JobPodReplacementPolicy (beta, on since 1.29): without a podFailurePolicy.
  if (spec.podFailurePolicy === undefined)
    spec.podReplacementPolicy ??= 'TerminatingOrFailed';
  if (uid && spec.manualSelector !== true) generateSelector(spec, uid, obj);
  defaultPodTemplate(spec.template);
}

function generateSelector(spec: Obj, uid: string, job: Obj): void {
  const name = job.metadata?.name;
  const matchLabels = { 'batch.kubernetes.io/controller-uid': uid };
  spec.selector ??= { matchLabels };
  if (!isObject(spec.template)) spec.template = {};
  const metadata = isObject(spec.template.metadata)
    ? spec.template.metadata
    : {};
  spec.template.metadata = metadata;
  metadata.labels = {
    ...metadata.labels,
    'batch.kubernetes.io/controller-uid': uid,
    'batch.kubernetes.io/job-name': name,
    'controller-uid': uid,
    'job-name': name,
  };
}

export function defaultCronJob(obj: Obj): void {
  if (!isObject(obj.spec)) obj.spec = {};
  const spec = obj.spec;
  spec.concurrencyPolicy ??= 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  defaultPodTemplate(spec.jobTemplate?.spec?.template);
}
