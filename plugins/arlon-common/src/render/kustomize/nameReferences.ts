/** A ConfigMap or Secret whose name the kustomization changed (prefix, suffix, content hash). */
export interface Rename {
  kind: 'ConfigMap' | 'Secret';
  namespace: string | undefined;
  from: string;
  to: string;
}

/** Where a workload keeps its pod spec (builtinpluginconsts/namereference.go's paths). */
function podSpecOf(o: any): any {
  switch (o?.kind) {
    case 'Pod':
      return o.spec;
    case 'PodTemplate':
      return o.template?.spec;
    case 'Deployment':
    case 'ReplicaSet':
    case 'DaemonSet':
    case 'StatefulSet':
    case 'Job':
    case 'ReplicationController':
      return o.spec?.template?.spec;
    case 'CronJob':
      return o.spec?.jobTemplate?.spec?.template?.spec;
    default:
      return undefined;
  }
}

/**
 * Points a pod spec's references at the renamed ConfigMaps and Secrets, as
 * kustomize's name reference transformer does after hashing
 * (api/filters/nameref, fields from builtinpluginconsts/namereference.go):
 * volumes (configMap, secret, projected sources), env valueFrom key refs,
 * envFrom and imagePullSecrets of containers and init containers. A
 * reference matches an object of its kind and original name in the same
 * namespace. Other referrers kustomize also rewrites (RBAC resourceNames,
 * Ingress TLS, ServiceAccount secrets, ...) are listed as not implemented
 * in docs/fleet-repository.md.
 */
export function renameReferences(o: any, renames: Rename[]): void {
  const spec = podSpecOf(o);
  if (!spec || typeof spec !== 'object' || renames.length === 0) return;
  const ns = o.metadata?.namespace;
  const rename = (kind: Rename['kind'], holder: any, key: string) => {
    if (
      !holder ||
      typeof holder !== 'object' ||
      typeof holder[key] !== 'string'
    )
      return;
    const r = renames.find(
      x =>
        x.kind === kind &&
        x.from === holder[key] &&
        (x.namespace ?? '') === (ns ?? ''),
    );
    if (r) holder[key] = r.to;
  };
  for (const v of arrayOf(spec.volumes)) {
    rename('ConfigMap', v?.configMap, 'name');
    rename('Secret', v?.secret, 'secretName');
    for (const s of arrayOf(v?.projected?.sources)) {
      rename('ConfigMap', s?.configMap, 'name');
      rename('Secret', s?.secret, 'name');
    }
  }
  for (const c of [
    ...arrayOf(spec.containers),
    ...arrayOf(spec.initContainers),
  ]) {
    for (const e of arrayOf(c?.env)) {
      rename('ConfigMap', e?.valueFrom?.configMapKeyRef, 'name');
      rename('Secret', e?.valueFrom?.secretKeyRef, 'name');
    }
    for (const e of arrayOf(c?.envFrom)) {
      rename('ConfigMap', e?.configMapRef, 'name');
      rename('Secret', e?.secretRef, 'name');
    }
  }
  for (const s of arrayOf(spec.imagePullSecrets)) rename('Secret', s, 'name');
}

function arrayOf(v: unknown): any[] {
  return Array.isArray(v) ? v : [];
}
