import { NotAllowedError } from '@backstage/errors';
import { forbiddenAsNotAllowed } from './kubernetesForbidden';

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

describe('forbiddenAsNotAllowed', () => {
  it('turns a Kubernetes 403 into a NotAllowedError saying how to grant it, and leaves others', () => {
    const error = forbiddenAsNotAllowed(
      refused(
        'secrets is forbidden: User "system:serviceaccount:arlon:arlon-portal" cannot list resource "secrets" in API group "" at the cluster scope',
      ),
    );
    expect(error).toBeInstanceOf(NotAllowedError);
    expect((error as Error).message).toBe(
      'Kubernetes refused the portal\'s request (HTTP 403): User "system:serviceaccount:arlon:arlon-portal" cannot list resource "secrets" in API group "" at the cluster scope. Grant it to the account the portal uses (arlon bootstrap --print-rbac prints the portal\'s role).',
    );
    const other = new Error('other');
    expect(forbiddenAsNotAllowed(other)).toBe(other);
  });
});
