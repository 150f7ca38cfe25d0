import { ObjectStore } from '../kube/ObjectStore';
import { mergePatch } from '../kube/patch';
import { admissionFor } from '../kube/customResources';

/**
 * An Application's sync onto its destination, as ArgoCD does it: create the
 * namespaces asked for, apply every desired object (validated as kubectl
 * would), and prune what the Application tracked but no longer renders.
 */

/** Creates or updates every desired object; returns an error message, or undefined. */
export function applyDesired(
  store: ObjectStore,
  desired: any[],
  destNs: string,
  app: any,
): string | undefined {
  if (
    (app.spec.syncPolicy?.syncOptions ?? []).includes('CreateNamespace=true')
  ) {
    const nsType = store.type('', 'namespaces')!;
    for (const ns of new Set([
      destNs,
      ...desired.map(o => o.metadata.namespace).filter(Boolean),
    ])) {
      try {
        store.create(nsType, undefined, { metadata: { name: ns } });
      } catch {
        // exists
      }
    }
  }
  for (const o of desired) {
    const problem = applyOne(store, o, app);
    if (problem) return problem;
  }
  return undefined;
}

function applyOne(store: ObjectStore, o: any, app: any): string | undefined {
  const type = store.typeForKind(o.apiVersion, o.kind);
  if (!type)
    return `The Kubernetes API could not find ${o.kind}.${
      o.apiVersion.split('/')[0]
    } for requested resource ${o.metadata.namespace ?? ''}/${
      o.metadata.name
    }. Make sure the CRD is installed on the destination cluster.`;
  // ArgoCD applies as kubectl does: the server validates, strictly unless Validate=false
  let admitted: any;
  try {
    admitted = admissionFor(store).admit(
      type,
      o,
      (app.spec.syncPolicy?.syncOptions ?? []).includes('Validate=false')
        ? 'Ignore'
        : 'Strict',
    ).object;
  } catch (error: any) {
    return `${o.kind} ${o.metadata.name}: ${error.message}`;
  }
  try {
    const live = store.get(type, o.metadata.namespace, o.metadata.name);
    const next = mergePatch(live, admitted) as any;
    if (JSON.stringify(next) !== JSON.stringify(live))
      store.update(type, o.metadata.namespace, o.metadata.name, {
        ...next,
        metadata: { ...next.metadata, resourceVersion: undefined },
      });
  } catch (error: any) {
    if (error?.code !== 404)
      return `${o.kind} ${o.metadata.name}: ${error.message}`;
    try {
      store.create(type, o.metadata.namespace, admitted);
    } catch (createError: any) {
      return `${o.kind} ${o.metadata.name}: ${createError.message}`;
    }
  }
  return undefined;
}

/** Deletes what the Application's status lists but `desired` no longer holds. */
export function prune(store: ObjectStore, desired: any[], app: any) {
  const want = new Set(desired.map(key));
  for (const r of app.status?.resources ?? []) {
    if (
      !want.has(
        key({
          apiVersion: r.group ? `${r.group}/${r.version}` : r.version,
          kind: r.kind,
          metadata: { namespace: r.namespace, name: r.name },
        }),
      )
    )
      deleteLive(store, r);
  }
}

/** Deletes one resource of an Application's status, if it is still there. */
export function deleteLive(store: ObjectStore, r: any) {
  const type = store.typeForKind(
    r.group ? `${r.group}/${r.version}` : r.version,
    r.kind,
  );
  if (!type) return;
  try {
    store.delete(type, r.namespace, r.name);
  } catch {
    // already gone
  }
}

function key(o: any) {
  return `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}/${
    o.metadata.name
  }`;
}
