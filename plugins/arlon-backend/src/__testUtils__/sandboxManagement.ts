import type { Sandbox } from '@arlon-backstage/arlon-sandbox';
import {
  DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
  ManagementCluster,
  workloadAccess,
} from '@arlon-backstage/plugin-arlon-node';

/**
 * The sandbox as the management cluster the registration tests run against.
 * Its workload clusters listen on loopback, which the portal refuses unless
 * allowed: allowed here explicitly, and nothing else.
 */
export function sandboxManagementCluster(sandbox: Sandbox): ManagementCluster {
  return new ManagementCluster(
    {
      name: 'sandbox',
      url: sandbox.apiServer.url,
      serviceAccountToken: sandbox.token,
      skipTLSVerify: true,
      argocdNamespace: 'argocd',
    },
    0,
    workloadAccess({
      allowedNetworks: ['127.0.0.1/32'],
      deniedNetworks: [],
      portalPorts: [7007],
      argocdClusterRoleRules: DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
    }),
  );
}
