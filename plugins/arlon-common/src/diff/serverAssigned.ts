import type { KubeObject } from '../providers/renderCluster';

/**
 * Fields each cluster assigns an object itself. Two live clusters running
 * the same manifest never agree on them, so comparing one live cluster with
 * another leaves them out, except where the manifest sets them (then they
 * are intent, and a difference is real). Kubernetes API reference and docs:
 *
 * - Service `spec.clusterIP` and `spec.clusterIPs`: "usually assigned
 *   randomly" from the cluster's service range when not specified
 *   (https://kubernetes.io/docs/reference/kubernetes-api/service-resources/service-v1/#ServiceSpec,
 *   https://kubernetes.io/docs/concepts/services-networking/cluster-ip-allocation/).
 * - Service `spec.ports[].nodePort` (types NodePort and LoadBalancer): "Usually
 *   assigned by the system" from the node port range
 *   (same ServiceSpec reference; https://kubernetes.io/docs/concepts/services-networking/service/#type-nodeport).
 * - Service `spec.healthCheckNodePort` (LoadBalancer with
 *   externalTrafficPolicy Local): "created by the service api backend with
 *   the allocated nodePort" when not specified (ServiceSpec reference).
 * - Job `spec.selector` and the pod template's `controller-uid`,
 *   `batch.kubernetes.io/controller-uid`, `job-name` and
 *   `batch.kubernetes.io/job-name` labels: "Normally, the system sets this
 *   field for you", from the Job's own uid unless `manualSelector` is set
 *   (https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/#JobSpec,
 *   https://kubernetes.io/docs/concepts/workloads/controllers/job/#specifying-your-own-pod-selector,
 *   https://kubernetes.io/docs/reference/labels-annotations-taints/#batchkubernetesiocontroller-uid).
 *
 * Metadata the server sets (uid, resourceVersion, creationTimestamp,
 * managedFields, generation) and status are left out by normalizeObject.
 */
export const SERVER_ASSIGNED_JOB_LABELS = [
  'controller-uid',
  'batch.kubernetes.io/controller-uid',
  'job-name',
  'batch.kubernetes.io/job-name',
];

type Obj = Record<string, any>;

/**
 * `live` without the fields its cluster assigned and `declared` (the
 * manifest it was applied from, when known) does not set. Returns a copy.
 */
export function withoutServerAssigned<T extends Partial<KubeObject>>(
  live: T,
  declared?: Partial<KubeObject>,
): T {
  const o: any = structuredClone(live);
  // The declared side is a bundle's YAML: any shape at all.
  const want = objectOr(objectOr(declared).spec);
  if (o.apiVersion === 'v1' && o.kind === 'Service' && isObject(o.spec))
    service(o.spec, want);
  if (o.apiVersion === 'batch/v1' && o.kind === 'Job' && isObject(o.spec))
    job(o.spec, want);
  return o;
}

function service(spec: Obj, want: Obj) {
  if (want.clusterIP === undefined) delete spec.clusterIP;
  if (want.clusterIPs === undefined) delete spec.clusterIPs;
  if (want.healthCheckNodePort === undefined) delete spec.healthCheckNodePort;
  const wantedPorts: Obj[] = Array.isArray(want.ports)
    ? want.ports.filter(isObject)
    : [];
  for (const port of Array.isArray(spec.ports) ? spec.ports : []) {
    if (!isObject(port)) continue;
    const declaredPort = wantedPorts.find(
      p =>
        (p.name !== undefined && p.name === port.name) ||
        (p.port === port.port &&
          (p.protocol ?? 'TCP') === (port.protocol ?? 'TCP')),
    );
    if (declaredPort?.nodePort === undefined) delete port.nodePort;
  }
}

function job(spec: Obj, want: Obj) {
  if (want.selector === undefined) delete spec.selector;
  const labels: unknown = spec.template?.metadata?.labels;
  if (!isObject(labels)) return;
  const wantLabels = objectOr(
    objectOr(objectOr(want.template).metadata).labels,
  );
  for (const key of SERVER_ASSIGNED_JOB_LABELS)
    if (!(key in wantLabels)) delete labels[key];
  if (Object.keys(labels).length === 0) delete spec.template.metadata.labels;
}

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function objectOr(v: unknown): Obj {
  return isObject(v) ? v : {};
}
