import { KubeConfig, V1Secret } from '@kubernetes/client-node';

/** The value of a Secret's key, whether it came as `data` (base64) or `stringData`. */
function secretValue(secret: V1Secret, key: string): string | undefined {
  const data = secret.data?.[key];
  if (data !== undefined) return Buffer.from(data, 'base64').toString('utf8');
  return secret.stringData?.[key];
}

/**
 * Client configuration from an ArgoCD cluster Secret: the same access ArgoCD
 * has to the workload cluster (server, bearer token, TLS), for built and
 * imported clusters alike.
 */
export function kubeConfigFromArgoCdSecret(secret: V1Secret): KubeConfig {
  const server = secretValue(secret, 'server');
  const config = JSON.parse(secretValue(secret, 'config') ?? '{}');
  if (!server || !config.bearerToken)
    throw new Error(
      `ArgoCD cluster Secret ${secret.metadata?.name} has no server or bearer token`,
    );
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: 'workload',
        server,
        caData: config.tlsClientConfig?.caData,
        skipTLSVerify: !!config.tlsClientConfig?.insecure,
      },
    ],
    users: [{ name: 'argocd', token: config.bearerToken }],
    contexts: [{ name: 'workload', cluster: 'workload', user: 'argocd' }],
    currentContext: 'workload',
  });
  return kc;
}

/** Client configuration from a CAPI `<cluster>-kubeconfig` Secret (key `value`). */
export function kubeConfigFromCapiSecret(secret: V1Secret): KubeConfig {
  const text = secretValue(secret, 'value');
  if (!text)
    throw new Error(
      `CAPI kubeconfig Secret ${secret.metadata?.name} has no value`,
    );
  const kc = new KubeConfig();
  kc.loadFromString(text);
  return kc;
}
