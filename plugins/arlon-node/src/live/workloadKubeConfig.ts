import { KubeConfig, V1Secret } from '@kubernetes/client-node';
import { guardConnections } from '../kubeconfig/checkWorkloadServer';
import { parseKubeconfig } from '../kubeconfig/parseKubeconfig';
import { kubeConfigFromWorkload } from '../kubeconfig/workloadClient';
import type { WorkloadAccess } from '../kubeconfig/WorkloadAccess';

/**
 * A cluster Secret the portal will not use, said in field names only (never
 * its values): safe to show a user as it is.
 */
export class UnusableClusterSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableClusterSecretError';
  }
}

/** The value of a Secret's key, whether it came as `data` (base64) or `stringData`. */
function secretValue(secret: V1Secret, key: string): string | undefined {
  const data = secret.data?.[key];
  if (data !== undefined) return Buffer.from(data, 'base64').toString('utf8');
  return secret.stringData?.[key];
}

/**
 * Client configuration from an ArgoCD cluster Secret: the same access ArgoCD
 * has to the workload cluster (server, bearer token, TLS), for built and
 * imported clusters alike. Only the https server, the bearer token and the
 * TLS settings are read from its config; anything else in it (an exec
 * provider, AWS or proxy settings) is ArgoCD's and never run or followed
 * here. Connections are checked against `access.servers`.
 */
export function kubeConfigFromArgoCdSecret(
  secret: V1Secret,
  access: WorkloadAccess,
): KubeConfig {
  const server = secretValue(secret, 'server');
  let config: any;
  try {
    config = JSON.parse(secretValue(secret, 'config') ?? '{}');
  } catch {
    config = {};
  }
  if (!server || typeof config?.bearerToken !== 'string')
    throw new UnusableClusterSecretError(
      `ArgoCD cluster Secret ${secret.metadata?.name} has no server or bearer token`,
    );
  if (!server.startsWith('https://'))
    throw new UnusableClusterSecretError(
      `ArgoCD cluster Secret ${secret.metadata?.name}: the portal connects to API servers over https only`,
    );
  const tls = config.tlsClientConfig ?? {};
  // Sending ArgoCD's bearer token over unverified TLS gives it to whoever
  // answers: imports refuse this, so adopted and registered Secrets do too.
  if (tls.insecure === true)
    throw new UnusableClusterSecretError(
      `ArgoCD cluster Secret ${secret.metadata?.name} asks for unverified TLS (config.tlsClientConfig.insecure): the portal does not send credentials that way. Add the API server's CA as tlsClientConfig.caData and set insecure to false`,
    );
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: 'workload',
        server: new URL(server).href.replace(/\/+$/, ''),
        caData: typeof tls.caData === 'string' ? tls.caData : undefined,
        skipTLSVerify: false,
      },
    ],
    users: [{ name: 'argocd', token: config.bearerToken }],
    contexts: [{ name: 'workload', cluster: 'workload', user: 'argocd' }],
    currentContext: 'workload',
  });
  return guardConnections(kc, access.servers);
}

/**
 * Client configuration from a CAPI `<cluster>-kubeconfig` Secret (key
 * `value`), read as data into the fixed shape (an exec entry, a file path or
 * a proxy in it is refused, never followed); connections are checked against
 * `access.servers`.
 */
export function kubeConfigFromCapiSecret(
  secret: V1Secret,
  access: WorkloadAccess,
): KubeConfig {
  const text = secretValue(secret, 'value');
  if (!text)
    throw new UnusableClusterSecretError(
      `CAPI kubeconfig Secret ${secret.metadata?.name} has no value`,
    );
  return kubeConfigFromWorkload(parseKubeconfig(text), access.servers);
}
