/**
 * The defaults a real API server fills into a pod spec, wherever one appears
 * (a Pod, or the template of a Deployment, StatefulSet, DaemonSet, ReplicaSet,
 * Job or CronJob). Taken from kubernetes/kubernetes pkg/apis/core/v1/defaults.go
 * (SetDefaults_PodSpec, _Container, _Probe, _HTTPGetAction, _SecretVolumeSource,
 * _ConfigMapVolumeSource, _DownwardAPIVolumeSource, _ProjectedVolumeSource,
 * _Volume, _ObjectFieldSelector) and the `+default` markers of
 * staging/src/k8s.io/api/core/v1/types.go (ContainerPort.protocol). Each
 * function changes the object it is given, as the generated defaulters do.
 */
import { isObject, Obj } from '../jsonObject';

const objects = (v: unknown): Obj[] =>
  Array.isArray(v) ? v.filter(isObject) : [];

/** 0644, SecretVolumeSourceDefaultMode and its siblings in core/v1/types.go. */
const DEFAULT_VOLUME_MODE = 420;

/** SetDefaults_PodSpec; `pod` adds what SetDefaults_Pod sets only on a Pod, never on a template. */
export function defaultPodSpec(spec: unknown, pod = false): void {
  if (!isObject(spec)) return;
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.restartPolicy ??= 'Always';
  spec.securityContext ??= {};
  spec.terminationGracePeriodSeconds ??= 30;
  spec.schedulerName ??= 'default-scheduler';
  for (const c of [
    ...objects(spec.containers),
    ...objects(spec.initContainers),
    ...objects(spec.ephemeralContainers),
  ])
    defaultContainer(c, spec.hostNetwork === true);
  for (const v of objects(spec.volumes)) defaultVolume(v);
  if (pod) {
    spec.enableServiceLinks ??= true;
    // Admission plugins every cluster runs (ServiceAccount, Priority), not defaulters.
    spec.serviceAccountName ??= 'default';
    spec.serviceAccount ??= spec.serviceAccountName;
    spec.priority ??= 0;
    spec.preemptionPolicy ??= 'PreemptLowerPriority';
    for (const c of [
      ...objects(spec.containers),
      ...objects(spec.initContainers),
    ])
      defaultRequestsFromLimits(c);
  }
}

/** SetDefaults_Container: pull policy from the tag, termination message, port protocol. */
export function defaultContainer(c: Obj, hostNetwork = false): void {
  c.imagePullPolicy ??= imagePullPolicyFor(c.image);
  c.terminationMessagePath ??= '/dev/termination-log';
  c.terminationMessagePolicy ??= 'File';
  for (const port of objects(c.ports)) {
    port.protocol ??= 'TCP';
    // defaultHostNetworkPorts: with host networking a container port is a host port.
    if (hostNetwork) port.hostPort ??= port.containerPort;
  }
  for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe])
    defaultProbe(probe);
  for (const env of objects(c.env)) {
    const field = env.valueFrom?.fieldRef;
    if (isObject(field)) field.apiVersion ??= 'v1';
  }
}

/**
 * `Always` for `:latest` or no tag, `IfNotPresent` otherwise. A digest
 * (`@sha256:…`) without a tag is `IfNotPresent`, as parsers.ParseImageName
 * reports no tag and no default one then.
 */
export function imagePullPolicyFor(image: unknown): 'Always' | 'IfNotPresent' {
  if (typeof image !== 'string') return 'IfNotPresent';
  if (image.includes('@')) {
    const named = image.split('@')[0];
    return tagOf(named) === 'latest' ? 'Always' : 'IfNotPresent';
  }
  const tag = tagOf(image);
  return tag === undefined || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** The tag of an image reference: after the last `:` of its last path part (a registry port is not a tag). */
function tagOf(image: string): string | undefined {
  const last = image.slice(image.lastIndexOf('/') + 1);
  const colon = last.lastIndexOf(':');
  return colon >= 0 ? last.slice(colon + 1) : undefined;
}

function defaultProbe(probe: unknown): void {
  if (!isObject(probe)) return;
  probe.timeoutSeconds ??= 1;
  probe.periodSeconds ??= 10;
  probe.successThreshold ??= 1;
  probe.failureThreshold ??= 3;
  if (isObject(probe.httpGet)) {
    probe.httpGet.path ??= '/';
    probe.httpGet.scheme ??= 'HTTP';
  }
}

function defaultVolume(v: Obj): void {
  const sources = Object.keys(v).filter(k => k !== 'name');
  if (sources.length === 0) v.emptyDir = {};
  for (const key of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    if (isObject(v[key])) v[key].defaultMode ??= DEFAULT_VOLUME_MODE;
  }
  if (isObject(v.hostPath)) v.hostPath.type ??= '';
  for (const item of objects(v.downwardAPI?.items))
    if (isObject(item.fieldRef)) item.fieldRef.apiVersion ??= 'v1';
  for (const source of objects(v.projected?.sources)) {
    if (isObject(source.serviceAccountToken))
      source.serviceAccountToken.expirationSeconds ??= 3600;
  }
}

/** SetDefaults_Pod: a container's requests default to its limits. */
function defaultRequestsFromLimits(c: Obj): void {
  if (!isObject(c.resources?.limits)) return;
  c.resources.requests = { ...c.resources.limits, ...c.resources.requests };
}

/** The pod template of a workload: its spec is defaulted as a pod spec. */
export function defaultPodTemplate(template: unknown): void {
  if (isObject(template)) defaultPodSpec(template.spec);
}
