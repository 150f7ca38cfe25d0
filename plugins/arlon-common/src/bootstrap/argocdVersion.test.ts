import {
  ArgoCdDeploymentView,
  argocdVersionOf,
  supportsTemplatePatch,
} from './argocdVersion';

const deployment = (
  name: string,
  image: string,
  version?: string,
): ArgoCdDeploymentView => ({
  metadata: {
    name,
    labels: version ? { 'app.kubernetes.io/version': version } : {},
  },
  spec: { template: { spec: { containers: [{ image }] } } },
});

describe('argocdVersionOf', () => {
  it("reads the ApplicationSet controller's image tag first, as the install manifest sets it", () => {
    expect(
      argocdVersionOf([
        deployment('argocd-server', 'quay.io/argoproj/argocd:v2.9.3'),
        deployment(
          'argocd-applicationset-controller',
          'quay.io/argoproj/argocd:v2.13.1',
        ),
      ]),
    ).toEqual({
      version: 'v2.13.1',
      major: 2,
      minor: 13,
      from: 'argocd-applicationset-controller image quay.io/argoproj/argocd:v2.13.1',
    });
  });

  it('reads a tag behind a registry port and before a digest', () => {
    const v = argocdVersionOf([
      deployment(
        'argocd-server',
        'registry.local:5000/argocd:v3.0.2@sha256:abc',
      ),
    ]);
    expect(v.version).toBe('v3.0.2');
  });

  it("falls back to the Helm chart's app.kubernetes.io/version label when the tag is not a version", () => {
    const v = argocdVersionOf([
      deployment('argocd-server', 'mirror.local/argocd@sha256:abc', 'v2.10.4'),
    ]);
    expect(v).toMatchObject({ version: 'v2.10.4', minor: 10 });
  });

  it('says why when no Deployment names a version, or none exists', () => {
    expect(
      argocdVersionOf([deployment('argocd-server', 'argocd:latest')]),
    ).toEqual({ reason: expect.stringMatching(/name no version/) });
    expect(argocdVersionOf([])).toEqual({
      reason: expect.stringMatching(/no ArgoCD Deployment/),
    });
  });
});

describe('supportsTemplatePatch', () => {
  it.each([
    [2, 9, false],
    [2, 10, true],
    [2, 14, true],
    [3, 0, true],
    [1, 99, false],
  ])('%i.%i: %s', (major, minor, ok) =>
    expect(supportsTemplatePatch({ major, minor })).toBe(ok),
  );
});
