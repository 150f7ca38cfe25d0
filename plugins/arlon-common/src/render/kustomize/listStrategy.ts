/**
 * How a strategic merge patch treats a list, for the lists Arlon knows. Real
 * kustomize reads this from Kubernetes' OpenAPI schema (x-kubernetes-patch-
 * merge-key / patch-strategy, kyaml/yaml/walk/associative_sequence.go); the
 * renderer carries only this table, taken from the `patchMergeKey` tags of
 * k8s.io/api core/v1 and apps/v1 types.go.
 */
export type ListStrategy =
  | { merge: string } // merge elements by this key
  | { mergeScalars: true } // a set of scalars, merged (patchStrategy:"merge")
  | 'replace' // atomic: the patch's list replaces the object's
  | 'unknown';

/** Lists of objects merged by a key, by field name (the same in every pod spec). */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
  resourceClaims: 'name',
  ownerReferences: 'uid',
  conditions: 'type',
};

/** Lists Kubernetes declares atomic (no patch strategy): the patch's list wins. */
const ATOMIC = new Set([
  'args',
  'command',
  'envFrom',
  'tolerations',
  'rules',
  'subjects',
  'tls',
  'hosts',
  'items',
  'sources',
  'nodeSelectorTerms',
  'matchExpressions',
  'matchFields',
  'values',
  'accessModes',
  'nameservers',
  'searches',
  'options',
  'paths',
  'verbs',
  'apiGroups',
  'resources',
  'resourceNames',
  'nonResourceURLs',
  'preferredDuringSchedulingIgnoredDuringExecution',
  'requiredDuringSchedulingIgnoredDuringExecution',
  'add',
  'drop',
  'ingress',
  'egress',
  'policyTypes',
  'from',
  'to',
]);

/**
 * The strategy for the list at `path` (field names from the object's root) of
 * an object of a built-in kind. Custom resources have no schema in kustomize
 * either: their lists are replaced (walk.go, IsAssociative without schema).
 */
export function listStrategy(builtIn: boolean, path: string[]): ListStrategy {
  if (!builtIn) return 'replace';
  const field = path[path.length - 1];
  if (field === 'finalizers' && path.length === 2 && path[0] === 'metadata')
    return { mergeScalars: true };
  if (field === 'ports') {
    // Container ports merge by containerPort, a Service's by port (core/v1 types.go).
    if (
      path.length >= 2 &&
      /^(containers|initContainers|ephemeralContainers)$/.test(
        path[path.length - 2],
      )
    )
      return { merge: 'containerPort' };
    if (path.length === 2 && path[0] === 'spec') return { merge: 'port' };
    return 'unknown';
  }
  if (field in MERGE_KEYS) return { merge: MERGE_KEYS[field] };
  if (ATOMIC.has(field)) return 'replace';
  return 'unknown';
}
