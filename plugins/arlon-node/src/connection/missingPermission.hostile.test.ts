import { missingPermission } from './missingPermission';

const status = (message: unknown, extra: object = {}) => ({
  code: 403,
  body: JSON.stringify({
    kind: 'Status',
    reason: 'Forbidden',
    message,
    ...extra,
  }),
});

/**
 * A 403 body is what a server chose to say (a workload cluster's API server
 * may be compromised): only a refusal sentence of kube-apiserver's shape is
 * ever quoted, never text around it.
 */
describe('missingPermission, hostile bodies', () => {
  it('quotes nothing of a message that is not a refusal sentence', () => {
    expect(
      missingPermission(status('password: hunter2 is forbidden')),
    ).toBeUndefined();
  });

  it('quotes only the sentence, not text a server put after it', () => {
    expect(
      missingPermission(
        status(
          'pods is forbidden: User "u" cannot list resource "pods" in API group "" in the namespace "a"\ntoken: c2VjcmV0',
        ),
      ),
    ).toBe(
      'User "u" cannot list resource "pods" in API group "" in the namespace "a"',
    );
  });

  it('refuses a refusal whose parts hold characters Kubernetes names cannot', () => {
    expect(
      missingPermission(
        status(
          'x is forbidden: User "<script>alert(1)</script>" cannot get resource "pods" in API group "" at the cluster scope',
        ),
      ),
    ).toBeUndefined();
  });

  it('ignores a body that is not JSON', () => {
    expect(
      missingPermission({ code: 403, body: '<html>forbidden</html>' }),
    ).toBeUndefined();
  });

  it('ignores a message that is not a string', () => {
    expect(missingPermission(status({ text: 'User "u"' }))).toBeUndefined();
  });

  it('ignores a body too large to be a Status', () => {
    expect(
      missingPermission({ code: 403, body: `"${'a'.repeat(200_000)}"` }),
    ).toBeUndefined();
  });

  it('ignores a 403 whose reason is not Forbidden', () => {
    expect(
      missingPermission(
        status(
          'User "u" cannot list resource "pods" in API group "" at the cluster scope',
          { reason: 'Unknown' },
        ),
      ),
    ).toBeUndefined();
  });
});
