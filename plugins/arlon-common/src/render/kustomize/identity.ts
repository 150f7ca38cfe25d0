import { scopeFromObjects } from '../../diff/scope';
import { splitApiVersion } from './selector';

// kustomize knows scope from its built-in OpenAPI data only
// (kyaml/openapi precomputedIsNamespaceScoped): custom kinds are namespaced.
const isNamespaced = scopeFromObjects([]);

/**
 * kustomize's namespace transformer (api/filters/namespace/namespace.go with
 * builtinpluginconsts/namespace.go): metadata.namespace on namespaced kinds
 * only; a v1 Namespace takes the name; an APIService's and a CRD conversion
 * webhook's service move too; (Cluster)RoleBinding subjects named `default`
 * (the default ServiceAccount) get the namespace (setRoleBindingSubjects
 * defaultOnly, the default).
 */
export function setNamespace(o: any, namespace: string): void {
  const [group, version] = splitApiVersion(o.apiVersion);
  if (isNamespaced(group, o.kind)) o.metadata.namespace = namespace;
  if (o.kind === 'Namespace' && o.apiVersion === 'v1')
    o.metadata.name = namespace;
  if (o.kind === 'APIService' && group === 'apiregistration.k8s.io' && version)
    o.spec = { ...o.spec, service: { ...o.spec?.service, namespace } };
  const service = o.spec?.conversion?.webhook?.clientConfig?.service;
  if (
    o.kind === 'CustomResourceDefinition' &&
    group === 'apiextensions.k8s.io' &&
    isMap(service)
  )
    service.namespace = namespace;
  if (
    (o.kind === 'RoleBinding' || o.kind === 'ClusterRoleBinding') &&
    Array.isArray(o.subjects)
  )
    for (const s of o.subjects)
      if (isMap(s) && s.name === 'default') s.namespace = namespace;
}

/**
 * namePrefix and nameSuffix (PrefixTransformer.go, SuffixTransformer.go):
 * every object's name except CRDs, APIServices and Namespaces, whose names
 * are not theirs to choose.
 */
export function setPrefixSuffix(o: any, prefix: string, suffix: string): void {
  const [group] = splitApiVersion(o.apiVersion);
  if (o.kind === 'CustomResourceDefinition' || o.kind === 'Namespace') return;
  if (o.kind === 'APIService' && group === 'apiregistration.k8s.io') return;
  o.metadata.name = `${prefix}${o.metadata.name}${suffix}`;
}

function isMap(v: unknown): v is Record<string, any> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
