import type { ObjectStore } from '../kube/ObjectStore';
import {
  applicationHealth,
  HealthStatus,
  HealthStatusCode,
  resourceHealth,
} from './resourceHealth';

/** One desired object's entry in an Application's `status.resources`: its sync against the live object, and the live object's health. */
export function resourceStatus(store: ObjectStore, o: any) {
  const [group, version] = o.apiVersion.includes('/')
    ? o.apiVersion.split('/')
    : ['', o.apiVersion];
  const base = {
    group,
    version,
    kind: o.kind,
    namespace: o.metadata.namespace ?? '',
    name: o.metadata.name,
  };
  const type = store.typeForKind(o.apiVersion, o.kind);
  let live: any;
  try {
    live = type && store.get(type, o.metadata.namespace, o.metadata.name);
  } catch {
    live = undefined;
  }
  if (!live)
    return {
      ...base,
      status: 'OutOfSync',
      health: { status: 'Missing' as const },
    };
  const synced = contains(live, o);
  return {
    ...base,
    status: synced ? 'Synced' : 'OutOfSync',
    // No health for a kind ArgoCD has no check for, as ArgoCD reports it.
    ...withHealth(resourceHealth(live)),
  };
}

/** The Application's health from its resources' entries. */
export function healthOfResources(
  resources: Array<{ health?: HealthStatus }>,
): HealthStatusCode {
  return applicationHealth(
    resources.map(r => ({
      live: r.health?.status !== 'Missing',
      health: r.health,
    })),
  );
}

/** Whether `live` has every field `desired` sets (ArgoCD ignores fields only the live object has). */
function contains(live: any, desired: any): boolean {
  if (desired === null || typeof desired !== 'object') return live === desired;
  if (Array.isArray(desired))
    return (
      Array.isArray(live) &&
      desired.length === live.length &&
      desired.every((d, i) => contains(live[i], d))
    );
  return Object.entries(desired).every(([k, v]) =>
    k === 'status' ? true : contains(live?.[k], v),
  );
}

function withHealth(health: HealthStatus | undefined) {
  return health ? { health } : {};
}
