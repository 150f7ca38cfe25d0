/**
 * The ArgoCD version the sandbox simulates: its CRDs come from this release
 * (crds/provenance.json), so its Deployments say the same.
 */
export const SANDBOX_ARGOCD_VERSION = 'v3.5.1';

/**
 * The Deployments ArgoCD's install manifest creates that tell its version
 * (by image tag, and the label the Helm chart adds), so what checks an
 * installed ArgoCD (`arlon bootstrap`) reads the sandbox as it would a real
 * one. No process runs behind them: the simulated controllers do the work.
 */
export function argocdInstallDeployments(
  version: string = SANDBOX_ARGOCD_VERSION,
): Array<Record<string, any>> {
  return ['argocd-applicationset-controller', 'argocd-server'].map(name => {
    const labels = { 'app.kubernetes.io/name': name };
    return {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name,
        labels: {
          ...labels,
          'app.kubernetes.io/part-of': 'argocd',
          'app.kubernetes.io/version': version,
        },
      },
      spec: {
        replicas: 1,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            containers: [{ name, image: `quay.io/argoproj/argocd:${version}` }],
          },
        },
      },
    };
  });
}
