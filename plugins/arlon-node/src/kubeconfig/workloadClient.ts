import { KubeConfig } from '@kubernetes/client-node';
import type { WorkloadKubeconfig } from './parseKubeconfig';
import type { ServerAddressPolicy } from './ServerAddressPolicy';
import { checkWorkloadServer, guardConnections } from './checkWorkloadServer';
import { reuseConnections } from '../live/reuseConnections';

/** A workload client is used for one registration or comparison: its idle connections close soon. */
const WORKLOAD_IDLE_MS = 5_000;

/**
 * A client-node KubeConfig built only from the fixed shape (never from the
 * kubeconfig text), whose connections are checked against `policy`, socket
 * by socket, and kept alive between its requests (reuseConnections).
 */
export function kubeConfigFromWorkload(
  workload: WorkloadKubeconfig,
  policy: ServerAddressPolicy,
): KubeConfig {
  const kc = new KubeConfig();
  const user =
    'token' in workload.user
      ? { name: 'workload', token: workload.user.token }
      : {
          name: 'workload',
          certData: workload.user.clientCertificateData,
          keyData: workload.user.clientKeyData,
        };
  kc.loadFromOptions({
    clusters: [
      {
        name: 'workload',
        server: workload.server,
        caData: workload.caData,
        skipTLSVerify: false,
        ...(workload.tlsServerName
          ? { tlsServerName: workload.tlsServerName }
          : {}),
      },
    ],
    users: [user],
    contexts: [{ name: 'workload', cluster: 'workload', user: 'workload' }],
    currentContext: 'workload',
  });
  return reuseConnections(guardConnections(kc, policy), WORKLOAD_IDLE_MS);
}

/** Checks the server's addresses, then builds the client: nothing connects before the check. */
export async function connectWorkload(
  workload: WorkloadKubeconfig,
  policy: ServerAddressPolicy,
): Promise<KubeConfig> {
  await checkWorkloadServer(workload.server, workload.serverField, policy);
  return kubeConfigFromWorkload(workload, policy);
}
