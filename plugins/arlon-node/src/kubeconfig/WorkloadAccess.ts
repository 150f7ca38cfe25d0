import type { V1PolicyRule } from '@kubernetes/client-node';
import { ArlonSecurity, DEFAULT_SECURITY } from '../config/readArlonSecurity';
import { serverAddressPolicy } from './checkWorkloadServer';
import type { ServerAddressPolicy } from './ServerAddressPolicy';

/** How the portal reaches workload clusters, and what it gives ArgoCD in them. */
export interface WorkloadAccess {
  /** Which API server addresses the portal connects to. */
  servers: ServerAddressPolicy;
  /** Rules of ArgoCD's ClusterRole in each workload cluster. */
  argocdClusterRoleRules: V1PolicyRule[];
}

/** The access `arlon.security` describes; the strict defaults without it. */
export function workloadAccess(
  security: ArlonSecurity = DEFAULT_SECURITY,
): WorkloadAccess {
  return {
    servers: serverAddressPolicy({
      allowedNetworks: security.allowedNetworks,
      deniedNetworks: security.deniedNetworks,
      portalPorts: security.portalPorts,
    }),
    argocdClusterRoleRules: security.argocdClusterRoleRules,
  };
}
