import type { ObjectStore } from '../ObjectStore';
import type { PolicyRule } from './rules';
import { AUTHENTICATED, MASTERS } from './userInfo';

const RBAC = 'rbac.authorization.k8s.io';

/**
 * The part of kube-apiserver's bootstrap policy
 * (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go) every client
 * relies on: cluster-admin for system:masters, discovery, health and version
 * for every signed-in user, and the self-reviews `kubectl auth can-i` sends.
 * The aggregated roles (admin, edit, view) are not here: no aggregation.
 */
const BOOTSTRAP_ROLES: Array<{
  name: string;
  rules: PolicyRule[];
  groups: string[];
}> = [
  {
    name: 'cluster-admin',
    rules: [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ],
    groups: [MASTERS],
  },
  {
    name: 'system:discovery',
    rules: [
      {
        nonResourceURLs: [
          '/api',
          '/api/*',
          '/apis',
          '/apis/*',
          '/healthz',
          '/livez',
          '/openapi',
          '/openapi/*',
          '/readyz',
          '/version',
          '/version/',
        ],
        verbs: ['get'],
      },
    ],
    groups: [AUTHENTICATED],
  },
  {
    name: 'system:public-info-viewer',
    rules: [
      {
        nonResourceURLs: [
          '/healthz',
          '/livez',
          '/readyz',
          '/version',
          '/version/',
        ],
        verbs: ['get'],
      },
    ],
    groups: [AUTHENTICATED, 'system:unauthenticated'],
  },
  {
    name: 'system:basic-user',
    rules: [
      {
        apiGroups: ['authorization.k8s.io'],
        resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
        verbs: ['create'],
      },
      {
        apiGroups: ['authentication.k8s.io'],
        resources: ['selfsubjectreviews'],
        verbs: ['create'],
      },
    ],
    groups: [AUTHENTICATED],
  },
];

const bootstrapMetadata = (name: string) => ({
  name,
  labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
  annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
});

/** Creates the bootstrap ClusterRoles and their ClusterRoleBindings a store lacks (kept when present, as upstream's reconciler keeps edits it may not overwrite). */
export function ensureBootstrapPolicy(store: ObjectStore): void {
  const roles = store.type(RBAC, 'clusterroles')!;
  const bindings = store.type(RBAC, 'clusterrolebindings')!;
  const absent = (type: typeof roles, name: string) =>
    !store.list(type, undefined).some(o => o.metadata.name === name);
  for (const { name, rules, groups } of BOOTSTRAP_ROLES) {
    if (absent(roles, name))
      store.create(roles, undefined, {
        apiVersion: `${RBAC}/v1`,
        kind: 'ClusterRole',
        metadata: bootstrapMetadata(name),
        rules,
      });
    if (absent(bindings, name))
      store.create(bindings, undefined, {
        apiVersion: `${RBAC}/v1`,
        kind: 'ClusterRoleBinding',
        metadata: bootstrapMetadata(name),
        roleRef: { apiGroup: RBAC, kind: 'ClusterRole', name },
        subjects: groups.map(group => ({
          apiGroup: RBAC,
          kind: 'Group',
          name: group,
        })),
      });
  }
}
