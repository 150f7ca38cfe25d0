import { splitApiVersion } from './selector';

/** A name and namespace an object has had. */
export interface Id {
  name: string;
  namespace?: string;
}

/** An object the kustomization renamed or moved: what it was called, and what it is now. */
export interface Rename {
  kind: string;
  group: string;
  was: Id[];
  now: Id;
}

/** A field that names another object, and where its namespace is, if it says. */
interface Reference {
  kind: string;
  group: string;
  holder: any;
  nameKey: string;
  namespaceKey?: string;
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

const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);
const ref = (
  kind: string,
  holder: any,
  nameKey: string,
  namespaceKey?: string,
  group = '',
): Reference => ({ kind, group, holder, nameKey, namespaceKey });

/**
 * The references in `o` that kustomize's name reference transformer
 * rewrites (api/filters/nameref over builtinpluginconsts/namereference.go),
 * for the referrals a bundle commonly holds: ConfigMaps, Secrets and
 * ServiceAccounts from pod specs, Services from StatefulSets, Ingresses,
 * webhooks and APIServices, ServiceAccounts from (Cluster)RoleBindings.
 */
function referencesOf(o: any): Reference[] {
  const refs: Reference[] = [];
  const spec = podSpecOf(o);
  if (spec && typeof spec === 'object') {
    for (const v of list(spec.volumes)) {
      refs.push(
        ref('ConfigMap', v?.configMap, 'name'),
        ref('Secret', v?.secret, 'secretName'),
      );
      for (const s of list(v?.projected?.sources))
        refs.push(
          ref('ConfigMap', s?.configMap, 'name'),
          ref('Secret', s?.secret, 'name'),
        );
    }
    for (const c of [...list(spec.containers), ...list(spec.initContainers)]) {
      for (const e of list(c?.env))
        refs.push(
          ref('ConfigMap', e?.valueFrom?.configMapKeyRef, 'name'),
          ref('Secret', e?.valueFrom?.secretKeyRef, 'name'),
        );
      for (const e of list(c?.envFrom))
        refs.push(
          ref('ConfigMap', e?.configMapRef, 'name'),
          ref('Secret', e?.secretRef, 'name'),
        );
    }
    for (const s of list(spec.imagePullSecrets))
      refs.push(ref('Secret', s, 'name'));
    refs.push(
      ref('ServiceAccount', spec, 'serviceAccountName'),
      ref('ServiceAccount', spec, 'serviceAccount'),
    );
  }
  const [group] = splitApiVersion(o?.apiVersion);
  if (o?.kind === 'StatefulSet')
    refs.push(ref('Service', o.spec, 'serviceName'));
  if (o?.kind === 'Ingress') {
    refs.push(ref('Service', o.spec?.defaultBackend?.service, 'name'));
    for (const rule of list(o.spec?.rules))
      for (const p of list(rule?.http?.paths))
        refs.push(ref('Service', p?.backend?.service, 'name'));
    for (const t of list(o.spec?.tls))
      refs.push(ref('Secret', t, 'secretName'));
  }
  if (
    (o?.kind === 'ValidatingWebhookConfiguration' ||
      o?.kind === 'MutatingWebhookConfiguration') &&
    group === 'admissionregistration.k8s.io'
  )
    for (const w of list(o.webhooks))
      refs.push(ref('Service', w?.clientConfig?.service, 'name', 'namespace'));
  if (o?.kind === 'APIService' && group === 'apiregistration.k8s.io')
    refs.push(ref('Service', o.spec?.service, 'name', 'namespace'));
  if (
    (o?.kind === 'RoleBinding' || o?.kind === 'ClusterRoleBinding') &&
    group === 'rbac.authorization.k8s.io'
  )
    for (const s of list(o.subjects))
      if (s?.kind === 'ServiceAccount')
        refs.push(ref('ServiceAccount', s, 'name', 'namespace'));
  return refs.filter(
    r =>
      r.holder &&
      typeof r.holder === 'object' &&
      typeof r.holder[r.nameKey] === 'string',
  );
}

const ns = (n: unknown) => (typeof n === 'string' && n ? n : 'default');

/**
 * Points `o`'s references at renamed objects. A reference that says its
 * namespace matches an object that had that name in that namespace, and
 * takes its new name and namespace; one that does not must be in the
 * referrer's namespace (kustomize's nameref candidate filtering).
 */
export function renameReferences(o: any, renames: Rename[]): void {
  if (renames.length === 0) return;
  for (const r of referencesOf(o)) {
    const name = r.holder[r.nameKey];
    const match = renames.find(x => {
      if (x.kind !== r.kind || x.group !== r.group) return false;
      if (r.namespaceKey)
        return x.was.some(
          id =>
            id.name === name &&
            ns(id.namespace) === ns(r.holder[r.namespaceKey!]),
        );
      return (
        x.was.some(id => id.name === name) &&
        ns(x.now.namespace) === ns(o.metadata?.namespace)
      );
    });
    if (!match) continue;
    r.holder[r.nameKey] = match.now.name;
    if (r.namespaceKey && match.now.namespace !== undefined)
      r.holder[r.namespaceKey] = match.now.namespace;
  }
}
