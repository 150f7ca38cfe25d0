import type { ResourceType } from '../resources';

/** The review kinds this server answers without storing (for `GET /apis`). */
export const REVIEW_TYPES: ResourceType[] = [
  {
    group: 'authorization.k8s.io',
    version: 'v1',
    kind: 'SelfSubjectAccessReview',
    plural: 'selfsubjectaccessreviews',
    singular: '',
    namespaced: false,
  },
  {
    group: 'authorization.k8s.io',
    version: 'v1',
    kind: 'SelfSubjectRulesReview',
    plural: 'selfsubjectrulesreviews',
    singular: '',
    namespaced: false,
  },
];

/** `POST`-only resources: discovery says `create` and nothing else. */
const createOnly = (
  name: string,
  kind: string,
  namespaced: boolean,
  extra: Record<string, string> = {},
) => ({
  name,
  singularName: '',
  namespaced,
  kind,
  verbs: ['create'],
  ...extra,
});

/**
 * What access control adds to a discovery document: the review kinds'
 * group version, and `serviceaccounts/token` (TokenRequest) in core v1, so
 * kubectl finds them. `base` is the document for the stored kinds.
 */
export function withAccessDiscovery(
  group: string,
  version: string,
  base: () => any,
): any {
  if (group === 'authorization.k8s.io' && version === 'v1')
    return {
      kind: 'APIResourceList',
      apiVersion: 'v1',
      groupVersion: `${group}/${version}`,
      resources: REVIEW_TYPES.map(t => createOnly(t.plural, t.kind, false)),
    };
  const doc = base();
  if (group === '' && version === 'v1')
    doc.resources.push(
      createOnly('serviceaccounts/token', 'TokenRequest', true, {
        group: 'authentication.k8s.io',
        version: 'v1',
      }),
    );
  return doc;
}
