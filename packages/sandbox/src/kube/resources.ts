/** A kind the sandbox API server serves, as discovery describes it. */
export interface ResourceType {
  group: string; // '' for the core group
  version: string;
  kind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames?: string[];
  /** Discovery categories: `kubectl get all` lists every kind in `all`. */
  categories?: string[];
  /** Writes to the main resource keep `status`; `/status` writes only `status`. */
  statusSubresource?: boolean;
}

const core = (
  kind: string,
  plural: string,
  namespaced = true,
  shortNames?: string[],
): ResourceType => ({
  group: '',
  version: 'v1',
  kind,
  plural,
  singular: kind.toLowerCase(),
  namespaced,
  shortNames,
});

const grouped = (
  group: string,
  version: string,
  kind: string,
  plural: string,
  namespaced: boolean,
  statusSubresource = false,
): ResourceType => ({
  group,
  version,
  kind,
  plural,
  singular: kind.toLowerCase(),
  namespaced,
  statusSubresource,
});

/** The kinds upstream puts in the `all` category (kubernetes/kubernetes, pkg/registry/.../storage.go `Categories()`). */
const inAll = { categories: ['all'] };

/** An apps/batch workload kind, with the short names and category upstream serves. */
const workload = (
  group: 'apps' | 'batch',
  kind: string,
  plural: string,
  shortNames?: string[],
): ResourceType => ({
  ...grouped(group, 'v1', kind, plural, true, true),
  ...(shortNames ? { shortNames } : {}),
  ...inAll,
});

/** Built-in kinds: what the plugins, ArgoCD, CAPI and bundles touch. Others come from CRDs. */
export const BUILTIN_RESOURCES: ResourceType[] = [
  {
    ...core('Namespace', 'namespaces', false, ['ns']),
    statusSubresource: true,
  },
  core('Secret', 'secrets'),
  core('ConfigMap', 'configmaps', true, ['cm']),
  core('ServiceAccount', 'serviceaccounts', true, ['sa']),
  { ...core('Service', 'services', true, ['svc']), ...inAll },
  { ...core('Pod', 'pods', true, ['po']), ...inAll, statusSubresource: true },
  {
    ...core('PersistentVolumeClaim', 'persistentvolumeclaims', true, ['pvc']),
    statusSubresource: true,
  },
  core('Event', 'events', true, ['ev']),
  // Backstage's Kubernetes backend lists these by default for every entity
  // (KubernetesFanOutHandler DEFAULT_OBJECTS); a 404 on any fails the tab.
  core('LimitRange', 'limitranges', true, ['limits']),
  {
    ...core('ResourceQuota', 'resourcequotas', true, ['quota']),
    statusSubresource: true,
  },
  {
    ...grouped(
      'autoscaling',
      'v2',
      'HorizontalPodAutoscaler',
      'horizontalpodautoscalers',
      true,
      true,
    ),
    shortNames: ['hpa'],
    ...inAll,
  },
  workload('apps', 'Deployment', 'deployments', ['deploy']),
  workload('apps', 'StatefulSet', 'statefulsets', ['sts']),
  workload('apps', 'DaemonSet', 'daemonsets', ['ds']),
  workload('apps', 'ReplicaSet', 'replicasets', ['rs']),
  workload('batch', 'Job', 'jobs'),
  workload('batch', 'CronJob', 'cronjobs', ['cj']),
  {
    ...grouped('networking.k8s.io', 'v1', 'Ingress', 'ingresses', true, true),
    shortNames: ['ing'],
  },
  grouped('rbac.authorization.k8s.io', 'v1', 'Role', 'roles', true),
  grouped(
    'rbac.authorization.k8s.io',
    'v1',
    'RoleBinding',
    'rolebindings',
    true,
  ),
  grouped(
    'rbac.authorization.k8s.io',
    'v1',
    'ClusterRole',
    'clusterroles',
    false,
  ),
  grouped(
    'rbac.authorization.k8s.io',
    'v1',
    'ClusterRoleBinding',
    'clusterrolebindings',
    false,
  ),
  {
    ...grouped(
      'apiextensions.k8s.io',
      'v1',
      'CustomResourceDefinition',
      'customresourcedefinitions',
      false,
      true,
    ),
    shortNames: ['crd', 'crds'],
  },
];

export const apiVersionOf = (t: Pick<ResourceType, 'group' | 'version'>) =>
  t.group ? `${t.group}/${t.version}` : t.version;

/** The resource types a CustomResourceDefinition makes servable (one per served version). */
export function typesFromCrd(crd: any): ResourceType[] {
  const spec = crd?.spec ?? {};
  const names = spec.names ?? {};
  return (spec.versions ?? [])
    .filter((v: any) => v.served !== false)
    .map((v: any) => ({
      group: spec.group,
      version: v.name,
      kind: names.kind,
      plural: names.plural,
      singular: names.singular ?? String(names.kind).toLowerCase(),
      namespaced: spec.scope !== 'Cluster',
      shortNames: names.shortNames,
      categories: names.categories,
      statusSubresource: !!v.subresources?.status,
    }));
}
