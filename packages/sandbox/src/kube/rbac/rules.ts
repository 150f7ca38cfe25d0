import type { Attributes } from './requestAttributes';

const has = (values: string[] | undefined, value: string) =>
  !!values && (values.includes('*') || values.includes(value));

/** One rule of a Role or ClusterRole (rbac.authorization.k8s.io/v1 PolicyRule). */
export interface PolicyRule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/**
 * Whether `rule` allows the request, matched as upstream's RBAC authorizer
 * does (plugin/pkg/auth/authorizer/rbac/rbac.go RuleAllows and
 * pkg/apis/rbac/v1/evaluation_helpers.go): `*` matches any verb, group or
 * resource; `*\/<sub>` any resource's subresource; a rule with
 * resourceNames only named requests; nonResourceURLs a path or a prefix
 * ending in `*`.
 */
export function ruleAllows(rule: PolicyRule, request: Attributes): boolean {
  if (!has(rule.verbs, request.verb)) return false;
  if (!request.resourceRequest) {
    return (rule.nonResourceURLs ?? []).some(
      url =>
        url === '*' ||
        url === request.path ||
        (url.endsWith('*') && request.path.startsWith(url.slice(0, -1))),
    );
  }
  const combined = request.subresource
    ? `${request.resource}/${request.subresource}`
    : request.resource;
  return (
    has(rule.apiGroups, request.group) &&
    (rule.resources ?? []).some(
      r =>
        r === '*' ||
        r === combined ||
        (!!request.subresource && r === `*/${request.subresource}`),
    ) &&
    (!rule.resourceNames?.length || rule.resourceNames.includes(request.name))
  );
}
