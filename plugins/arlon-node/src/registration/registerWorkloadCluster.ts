import type { KubeConfig, V1PolicyRule } from '@kubernetes/client-node';
import { parseKubeconfig } from '../kubeconfig/parseKubeconfig';
import { connectWorkload } from '../kubeconfig/workloadClient';
import type { WorkloadAccess } from '../kubeconfig/WorkloadAccess';
import {
  AccountObject,
  createServiceAccountAccess,
  isArlonManaged,
  revokeServiceAccountAccess,
  serviceAccountObjects,
  ServiceAccountSpec,
} from './serviceAccountAccess';

export { isArlonManaged };

/** ArgoCD's account in every workload cluster, named as `argocd cluster add` names it. */
const ARGOCD_MANAGER: ServiceAccountSpec = {
  name: 'argocd-manager',
  namespace: 'kube-system',
};

/** What ArgoCD needs to reach a workload cluster: its server, a token and the CA to trust. */
export interface ArgoCdAccess {
  server: string;
  bearerToken: string;
  caData?: string;
  insecure?: boolean;
}

/**
 * A client for the workload cluster a kubeconfig (text from a user or a CAPI
 * Secret) describes: parsed into the fixed shape, refused with an InputError
 * naming the field for anything else, its server's addresses checked before
 * anything connects.
 */
async function workloadClient(
  kubeconfigYaml: string,
  access: WorkloadAccess,
): Promise<{ kc: KubeConfig; server: string; caData: string }> {
  const workload = parseKubeconfig(kubeconfigYaml);
  const kc = await connectWorkload(workload, access.servers);
  return { kc, server: workload.server, caData: workload.caData };
}

/**
 * Uses a cluster's kubeconfig once to create `account` there with `rules`:
 * its token, the cluster's server, and the CA to trust (the token Secret's,
 * else the kubeconfig's). Shared by ArgoCD's account and the portal viewer's.
 */
export async function createWorkloadAccount(
  kubeconfigYaml: string,
  access: WorkloadAccess,
  account: ServiceAccountSpec,
  rules: V1PolicyRule[],
  timeoutMs: number,
): Promise<{ server: string; bearerToken: string; caData?: string }> {
  const { kc, server, caData } = await workloadClient(kubeconfigYaml, access);
  const token = await createServiceAccountAccess(kc, account, rules, timeoutMs);
  return {
    server,
    bearerToken: token.bearerToken,
    caData: token.caData ?? caData,
  };
}

/** Removes `account` (token Secret first: that revokes the token) with the cluster's kubeconfig; what it deleted. */
export async function revokeWorkloadAccount(
  kubeconfigYaml: string,
  access: WorkloadAccess,
  account: ServiceAccountSpec,
): Promise<string[]> {
  const { kc } = await workloadClient(kubeconfigYaml, access);
  return revokeServiceAccountAccess(kc, account);
}

/**
 * Uses a cluster's kubeconfig (CAPI's, or one given at import) once to
 * create ArgoCD's own service account there (as `argocd cluster add` does,
 * with the ClusterRole `arlon.security.argocdClusterRoleRules` describes),
 * and returns that account's token. The kubeconfig itself is never handed to
 * ArgoCD: CAPI's certificates rotate and its contract forbids sharing it.
 */
export async function createArgoCdAccess(
  kubeconfigYaml: string,
  access: WorkloadAccess,
  timeoutMs = 15_000,
): Promise<ArgoCdAccess> {
  return createWorkloadAccount(
    kubeconfigYaml,
    access,
    ARGOCD_MANAGER,
    access.argocdClusterRoleRules,
    timeoutMs,
  );
}

/** One object createArgoCdAccess makes in a workload cluster: its name for people, how to read and delete it. */
export type ArgoCdAccessObject = AccountObject;

/**
 * The objects createArgoCdAccess makes (service account, binding, role,
 * token Secret), reached through `kc`; each revocation picks its order.
 */
export function argocdManagerObjects(
  kc: KubeConfig,
): Record<'serviceAccount' | 'binding' | 'role' | 'token', ArgoCdAccessObject> {
  return serviceAccountObjects(kc, ARGOCD_MANAGER);
}

/**
 * Takes ArgoCD's access to a workload cluster away, with the cluster's own
 * kubeconfig (CAPI's, while the cluster still answers): deletes the token
 * Secret (which revokes the token), the binding, the ClusterRole and the
 * service account that createArgoCdAccess made. Only objects carrying Arlon's
 * managed-by label are deleted; ones someone else made (`argocd cluster add`)
 * are left. Returns what it deleted.
 */
export async function revokeArgoCdAccess(
  kubeconfigYaml: string,
  access: WorkloadAccess,
): Promise<string[]> {
  return revokeWorkloadAccount(kubeconfigYaml, access, ARGOCD_MANAGER);
}

/** Marks the ArgoCD Secrets Arlon manages, naming their cluster. */
export const ARLON_CLUSTER_LABEL = 'arlon.io/cluster';

/** The labels of a cluster's ArgoCD Secret: the Secret type, the Arlon cluster, its profiles. */
export function argocdClusterLabels(
  name: string,
  profiles: Record<string, string>,
): Record<string, string> {
  return {
    'argocd.argoproj.io/secret-type': 'cluster',
    [ARLON_CLUSTER_LABEL]: name,
    ...profiles,
  };
}

/** ArgoCD's declarative cluster Secret for `access` (written as stringData; ArgoCD reads data). */
export function argocdClusterSecret(
  name: string,
  access: ArgoCdAccess,
  labels: Record<string, string>,
  annotations?: Record<string, string>,
) {
  return {
    metadata: {
      name: `cluster-${name}`,
      labels,
      ...(annotations ? { annotations } : {}),
    },
    type: 'Opaque',
    stringData: {
      name,
      server: access.server,
      config: JSON.stringify({
        bearerToken: access.bearerToken,
        tlsClientConfig: access.caData
          ? { insecure: false, caData: access.caData }
          : { insecure: !!access.insecure },
      }),
    },
  };
}
