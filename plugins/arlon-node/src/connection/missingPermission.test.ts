import { missingPermission } from './missingPermission';

/** A client-node ApiException as it arrives: HTTP code and the raw body. */
const refused = (message: string, reason = 'Forbidden', code = 403) => ({
  code,
  body: JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    message,
    reason,
    code,
  }),
});

describe('missingPermission', () => {
  it('quotes a namespaced refusal', () => {
    expect(
      missingPermission(
        refused(
          'applications.argoproj.io "qa-1" is forbidden: User "system:serviceaccount:arlon:arlon-portal" cannot patch resource "applications" in API group "argoproj.io" in the namespace "argocd"',
        ),
      ),
    ).toBe(
      'User "system:serviceaccount:arlon:arlon-portal" cannot patch resource "applications" in API group "argoproj.io" in the namespace "argocd"',
    );
  });

  it('quotes a cluster-scope refusal with a subresource, and a path refusal', () => {
    expect(
      missingPermission(
        refused(
          'clusters.cluster.x-k8s.io is forbidden: User "system:serviceaccount:arlon:arlon-portal" cannot list resource "clusters/status" in API group "cluster.x-k8s.io" at the cluster scope: RBAC: clusterrole.rbac.authorization.k8s.io "x" not found',
        ),
      ),
    ).toBe(
      'User "system:serviceaccount:arlon:arlon-portal" cannot list resource "clusters/status" in API group "cluster.x-k8s.io" at the cluster scope',
    );
    expect(
      missingPermission(
        refused('forbidden: User "u" cannot get path "/version"'),
      ),
    ).toBe('User "u" cannot get path "/version"');
  });

  it('explains a refused create-on-apply, which upstream words without a verb', () => {
    expect(
      missingPermission(
        refused('applications.argoproj.io "arlon-fleet" is forbidden: '),
      ),
    ).toBe(
      'the account cannot create applications.argoproj.io "arlon-fleet" (applying an object that does not exist yet needs create)',
    );
  });

  it('is undefined for other errors', () => {
    expect(missingPermission(refused('x', 'Conflict', 409))).toBeUndefined();
    expect(missingPermission(new Error('boom'))).toBeUndefined();
    expect(missingPermission(undefined)).toBeUndefined();
  });
});
