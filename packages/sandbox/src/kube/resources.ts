/** A kind the sandbox API server serves, as discovery describes it. */
export interface ResourceType {
  group: string; // '' for the core group
  version: string;
  kind: string;
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames?: string[];
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

/** Built-in kinds: what the plugins, ArgoCD and CAPI touch. Others come from CRDs. */
export const BUILTIN_RESOURCES: ResourceType[] = [
  {
    ...core('Namespace', 'namespaces', false, ['ns']),
    statusSubresource: true,
  },
  core('Secret', 'secrets'),
  core('ConfigMap', 'configmaps', true, ['cm']),
  core('ServiceAccount', 'serviceaccounts', true, ['sa']),
  core('Service', 'services', true, ['svc']),
  core('Pod', 'pods', true, ['po']),
  core('Event', 'events', true, ['ev']),
  grouped('apps', 'v1', 'Deployment', 'deployments', true, true),
  grouped('apps', 'v1', 'StatefulSet', 'statefulsets', true, true),
  grouped('apps', 'v1', 'DaemonSet', 'daemonsets', true, true),
  grouped('batch', 'v1', 'Job', 'jobs', true, true),
  grouped('networking.k8s.io', 'v1', 'Ingress', 'ingresses', true, true),
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
  grouped(
    'apiextensions.k8s.io',
    'v1',
    'CustomResourceDefinition',
    'customresourcedefinitions',
    false,
    true,
  ),
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
      statusSubresource: !!v.subresources?.status,
    }));
}
