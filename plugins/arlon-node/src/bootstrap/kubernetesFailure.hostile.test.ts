import { kubernetesFailure } from './kubernetesFailure';

const forbidden = (message: string) => ({
  code: 403,
  body: JSON.stringify({ kind: 'Status', reason: 'Forbidden', message }),
});
const refusal =
  'User "system:serviceaccount:arlon:arlon-portal" cannot patch resource "secrets" in API group "" in the namespace "argocd"';

describe('kubernetesFailure quotes only the refusal sentence of a 403', () => {
  it("quotes kube-apiserver's sentence naming the missing permission", () => {
    const e = kubernetesFailure(
      forbidden(`secrets "arlon-fleet-repository" is forbidden: ${refusal}`),
      'apply Secret arlon-fleet-repository in namespace argocd',
    );
    expect(e.message).toContain(`(HTTP 403: ${refusal})`);
  });

  it('drops what a server appends after the sentence (an authorizer reason, a value)', () => {
    const e = kubernetesFailure(
      forbidden(`${refusal}: password=s3cr3t-token czNjcjN0LXRva2Vu`),
      'apply Secret arlon-fleet-repository in namespace argocd',
    );
    expect(e.message).toContain(refusal);
    expect(e.message).not.toContain('s3cr3t');
    expect(e.message).not.toContain('czNjcjN0');
  });

  it('quotes nothing from a sentence whose parts are not Kubernetes names', () => {
    const e = kubernetesFailure(
      forbidden(
        'User "x" cannot patch resource "secrets" because token s3cr3t was wrong',
      ),
      'apply Secret arlon-fleet-repository',
    );
    expect(e.message).not.toContain('s3cr3t');
    expect(e.message).toContain('(HTTP 403)');
  });
});
