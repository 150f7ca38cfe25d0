import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import type { V1PolicyRule } from '@kubernetes/client-node';
import { checkNetwork } from '../kubeconfig/ServerAddressPolicy';

/** `arlon.security`: where workload clusters may be, and what ArgoCD may do in them. */
export interface ArlonSecurity {
  allowedNetworks: string[];
  deniedNetworks: string[];
  /** The portal's own listen port and `arlon.security.deniedPorts`. */
  portalPorts: number[];
  /** Rules of ArgoCD's ClusterRole in every workload cluster. */
  argocdClusterRoleRules: V1PolicyRule[];
}

/** What `argocd cluster add` gives ArgoCD: everything. Narrow it with arlon.security.argocdClusterRoleRules. */
export const DEFAULT_ARGOCD_CLUSTER_ROLE_RULES: V1PolicyRule[] = [
  { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
  { nonResourceURLs: ['*'], verbs: ['*'] },
];

/** The defaults: nothing allowed beyond the deny list, the default Backstage port refused. */
export const DEFAULT_SECURITY: ArlonSecurity = {
  allowedNetworks: [],
  deniedNetworks: [],
  portalPorts: [7007],
  argocdClusterRoleRules: DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
};

/** Reads `arlon.security` and `backend.listen.port`; a wrong entry fails start-up with its key. */
export function readArlonSecurity(root: Config): ArlonSecurity {
  const security = root.getOptionalConfig('arlon.security');
  const networks = (key: string) => {
    const list = security?.getOptionalStringArray(key) ?? [];
    list.forEach((cidr, i) => {
      try {
        checkNetwork(cidr);
      } catch (error) {
        throw new InputError(
          `arlon.security.${key}[${i}]: ${(error as Error).message}`,
        );
      }
    });
    return list;
  };
  const listed = security?.getOptional('deniedPorts') ?? [];
  if (!Array.isArray(listed))
    throw new InputError('arlon.security.deniedPorts must be a list of ports');
  const deniedPorts = listed.map((port, i) => {
    if (
      !Number.isInteger(port) ||
      (port as number) < 1 ||
      (port as number) > 65535
    )
      throw new InputError(
        `arlon.security.deniedPorts[${i}] is ${port}; it must be a port number`,
      );
    return port as number;
  });
  const rules = security?.getOptionalConfigArray('argocdClusterRoleRules');
  return {
    allowedNetworks: networks('allowedNetworks'),
    deniedNetworks: networks('deniedNetworks'),
    portalPorts: [listenPort(root), ...deniedPorts],
    argocdClusterRoleRules: rules
      ? rules.map((rule, i) => {
          const verbs = rule.getStringArray('verbs');
          if (verbs.length === 0)
            throw new InputError(
              `arlon.security.argocdClusterRoleRules[${i}].verbs is empty`,
            );
          const optional = (key: string) => {
            const value = rule.getOptionalStringArray(key);
            return value ? { [key]: value } : {};
          };
          return {
            ...optional('apiGroups'),
            ...optional('resources'),
            ...optional('resourceNames'),
            ...optional('nonResourceURLs'),
            verbs,
          };
        })
      : DEFAULT_ARGOCD_CLUSTER_ROLE_RULES,
  };
}

/** `backend.listen.port` (a number, or the port of `backend.listen: ":7007"`); Backstage's default 7007. */
function listenPort(root: Config): number {
  const listen = root.getOptional('backend.listen');
  if (typeof listen === 'string') {
    const port = Number(listen.split(':').pop());
    return Number.isInteger(port) && port > 0 ? port : 7007;
  }
  const port = Number(root.getOptional('backend.listen.port') ?? 7007);
  return Number.isInteger(port) && port > 0 ? port : 7007;
}
