import { KubeConfig } from '@kubernetes/client-node';

/**
 * A client-node KubeConfig for a sandbox API server, as the backend builds one.
 *
 * @public
 */
export function kubeConfigFor(
  url: string,
  token: string,
  caData?: string,
): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: 'sandbox',
        server: url,
        ...(caData ? { caData } : { skipTLSVerify: true }),
      },
    ],
    users: [{ name: 'sandbox', token }],
    contexts: [{ name: 'sandbox', cluster: 'sandbox', user: 'sandbox' }],
    currentContext: 'sandbox',
  });
  return kc;
}
