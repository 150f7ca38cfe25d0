/**
 * The defaults a real API server fills into core/v1 kinds, from
 * kubernetes/kubernetes pkg/apis/core/v1/defaults.go (SetDefaults_Service,
 * _Pod, _Secret, _Namespace, _PersistentVolumeClaim(Spec)) and what the
 * Service registry allocates (pkg/registry/core/service/storage: cluster IP,
 * IP families, node ports; kept across updates by patchAllocatedValues).
 * Each function changes the object it is given.
 */
import { defaultPodSpec } from './podSpec';
import { isObject, Obj } from '../jsonObject';

/** What a Service needs from the cluster: addresses it hands out. */
export interface ServiceAllocator {
  clusterIP(): string;
  nodePort(): number;
}

export function defaultService(
  obj: Obj,
  previous: Obj | undefined,
  allocate: ServiceAllocator,
): void {
  if (!isObject(obj.spec)) obj.spec = {};
  const spec = obj.spec;
  spec.sessionAffinity ??= 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP')
    spec.sessionAffinityConfig ??= { clientIP: { timeoutSeconds: 10800 } };
  spec.type ??= 'ClusterIP';
  const ports = Array.isArray(spec.ports) ? spec.ports.filter(isObject) : [];
  for (const port of ports) {
    port.protocol ??= 'TCP';
    if (
      port.targetPort === undefined ||
      port.targetPort === 0 ||
      port.targetPort === ''
    )
      port.targetPort = port.port;
  }
  const externallyAccessible =
    spec.type === 'NodePort' ||
    spec.type === 'LoadBalancer' ||
    (spec.type === 'ClusterIP' && (spec.externalIPs?.length ?? 0) > 0);
  if (externallyAccessible) spec.externalTrafficPolicy ??= 'Cluster';
  if (['ClusterIP', 'NodePort', 'LoadBalancer'].includes(spec.type))
    spec.internalTrafficPolicy ??= 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  if (spec.type === 'ExternalName') return;

  // Allocated values survive an update that omits them (patchAllocatedValues).
  const before = isObject(previous?.spec) ? previous!.spec : {};
  if (spec.clusterIP === undefined || spec.clusterIP === '') {
    spec.clusterIP = before.clusterIP ?? allocate.clusterIP();
  }
  spec.clusterIPs ??= before.clusterIPs ?? [spec.clusterIP];
  spec.ipFamilies ??= before.ipFamilies ?? ['IPv4'];
  spec.ipFamilyPolicy ??= before.ipFamilyPolicy ?? 'SingleStack';
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
    const previousPorts: Obj[] = Array.isArray(before.ports)
      ? before.ports
      : [];
    for (const port of ports) {
      if (port.nodePort !== undefined) continue;
      port.nodePort =
        previousPorts.find(
          p => p.port === port.port && p.protocol === port.protocol,
        )?.nodePort ?? allocate.nodePort();
    }
  }
  if (!isObject(obj.status)) obj.status = { loadBalancer: {} };
}

export function defaultPod(obj: Obj): void {
  if (!isObject(obj.spec)) obj.spec = {};
  defaultPodSpec(obj.spec, true);
  if (!isObject(obj.status))
    obj.status = { phase: 'Pending', qosClass: 'BestEffort' };
}

export function defaultSecret(obj: Obj): void {
  obj.type ??= 'Opaque';
}

/** Every namespace carries its name as a label (so selectors can pick it). */
export function defaultNamespace(obj: Obj): void {
  const name = obj.metadata?.name;
  if (typeof name !== 'string' || !name) return;
  obj.metadata.labels = {
    ...obj.metadata.labels,
    'kubernetes.io/metadata.name': name,
  };
}

export function defaultPersistentVolumeClaim(obj: Obj): void {
  if (!isObject(obj.spec)) obj.spec = {};
  obj.spec.volumeMode ??= 'Filesystem';
  if (!isObject(obj.status)) obj.status = { phase: 'Pending' };
}
