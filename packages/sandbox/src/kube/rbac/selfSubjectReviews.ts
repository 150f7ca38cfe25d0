import type { ApiError } from '../errors';
import { bodyObject, invalidRequest, optionalString } from './invalidReview';
import type { RbacAuthorizer } from './RbacAuthorizer';
import type { Attributes } from './requestAttributes';
import type { UserInfo } from './userInfo';

const GROUP = 'authorization.k8s.io';

/**
 * `POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews`: may the
 * caller do this? What `kubectl auth can-i <verb> <resource>` asks. The
 * review comes back with `status.allowed` and RBAC's reason; nothing is stored.
 */
export function selfSubjectAccessReview(
  authorizer: RbacAuthorizer,
  user: UserInfo,
  body: string,
) {
  const review = bodyObject(body, 'SelfSubjectAccessReview');
  const spec = review.spec;
  const fail = (field: string, message: string): ApiError =>
    invalidRequest('SelfSubjectAccessReview', GROUP, '', field, message);
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    throw fail('spec', 'Required value');
  const { resourceAttributes: r, nonResourceAttributes: n } = spec;
  if (!!r === !!n)
    throw r
      ? fail(
          'spec.nonResourceAttributes',
          'Invalid value: "object": cannot be specified in combination with resourceAttributes',
        )
      : fail(
          'spec.resourceAttributes',
          'Required value: exactly one of nonResourceAttributes or resourceAttributes must be specified',
        );
  const text = (o: any, key: string, at: string) =>
    optionalString(o[key], `${at}.${key}`, fail);
  let request: Attributes;
  if (r) {
    const at = 'spec.resourceAttributes';
    if (typeof r !== 'object' || Array.isArray(r))
      throw fail(at, 'Invalid value: must be an object');
    request = {
      resourceRequest: true,
      verb: text(r, 'verb', at),
      group: text(r, 'group', at),
      version: text(r, 'version', at),
      resource: text(r, 'resource', at),
      subresource: text(r, 'subresource', at),
      namespace: text(r, 'namespace', at),
      name: text(r, 'name', at),
    };
  } else {
    const at = 'spec.nonResourceAttributes';
    if (typeof n !== 'object' || Array.isArray(n))
      throw fail(at, 'Invalid value: must be an object');
    request = {
      resourceRequest: false,
      verb: text(n, 'verb', at),
      path: text(n, 'path', at),
    };
  }
  const decision = authorizer.authorize(user, request);
  return {
    kind: 'SelfSubjectAccessReview',
    apiVersion: `${GROUP}/v1`,
    metadata: { creationTimestamp: null },
    spec: r ? { resourceAttributes: r } : { nonResourceAttributes: n },
    status: {
      allowed: decision.allowed,
      ...(decision.reason ? { reason: decision.reason } : {}),
    },
  };
}

/**
 * `POST .../selfsubjectrulesreviews`: everything the caller may do in
 * `spec.namespace`, what `kubectl auth can-i --list` prints. Rules as
 * granted, not merged (upstream does not merge them either).
 */
export function selfSubjectRulesReview(
  authorizer: RbacAuthorizer,
  user: UserInfo,
  body: string,
) {
  const review = bodyObject(body, 'SelfSubjectRulesReview');
  const namespace = optionalString(
    review.spec?.namespace,
    'spec.namespace',
    (field, message) =>
      invalidRequest('SelfSubjectRulesReview', GROUP, '', field, message),
  );
  const { rules, errors } = authorizer.rulesFor(user, namespace);
  const list = (values: unknown) => (Array.isArray(values) ? values : []);
  return {
    kind: 'SelfSubjectRulesReview',
    apiVersion: `${GROUP}/v1`,
    metadata: { creationTimestamp: null },
    spec: { namespace },
    status: {
      resourceRules: rules
        .filter(rule => !rule.nonResourceURLs?.length)
        .map(rule => ({
          verbs: list(rule.verbs),
          apiGroups: list(rule.apiGroups),
          resources: list(rule.resources),
          ...(rule.resourceNames?.length
            ? { resourceNames: rule.resourceNames }
            : {}),
        })),
      nonResourceRules: rules
        .filter(rule => rule.nonResourceURLs?.length)
        .map(rule => ({
          verbs: list(rule.verbs),
          nonResourceURLs: list(rule.nonResourceURLs),
        })),
      incomplete: errors.length > 0,
      ...(errors.length ? { evaluationError: errors.join(', ') } : {}),
    },
  };
}
