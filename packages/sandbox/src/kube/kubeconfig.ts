import { stringify } from 'yaml';

/**
 * A kubeconfig for a sandbox API server, as kubectl and CAPI's `<cluster>-kubeconfig` Secret carry it.
 *
 * @public
 */
export function kubeconfigYaml(
  name: string,
  url: string,
  token: string,
  caData: string,
): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      { name, cluster: { server: url, 'certificate-authority-data': caData } },
    ],
    users: [{ name: `${name}-admin`, user: { token } }],
    contexts: [{ name, context: { cluster: name, user: `${name}-admin` } }],
    'current-context': name,
  });
}
