import { ConflictError, ServiceUnavailableError } from '@backstage/errors';
import type { KubeConfig } from '@kubernetes/client-node';
import type { FleetChangeResult } from '../fleet/FleetRepository';
import { kubeConfigFromArgoCdSecret } from '../live/workloadKubeConfig';
import { parseKubeconfig } from '../kubeconfig/parseKubeconfig';
import {
  argocdManagerObjects,
  isArlonManaged,
  revokeArgoCdAccess,
} from '../registration/registerWorkloadCluster';
import {
  deleteViewerSecret,
  revokeViewerAccess,
  viewerObjects,
} from '../viewer/viewerCredentials';
import {
  deleteRegistrationSecret,
  findRegistration,
  type ClusterRegistration,
} from './clusterRegistration';
import {
  clusterDefinition,
  commitOrRecord,
  isExternal,
  type ClusterRemovalRequest,
} from './deleteCluster';
import { removeBundlesFirst } from './removeBundlesFirst';

export interface UnregisterRequest extends ClusterRemovalRequest {
  /**
   * Optional: a kubeconfig of the cluster's admin (used once, never stored),
   * with which everything ArgoCD's account is made of is removed. Without
   * it, ArgoCD's own token does what it can (see revokeWithArgoCdToken).
   */
  kubeconfig?: string;
}

export interface UnregisterResult extends FleetChangeResult {
  /** What was removed from the workload cluster. */
  revoked: string[];
  /** What Arlon made there and could not remove (named, so an admin can). */
  left: string[];
}

/**
 * Unregisters an external (imported) cluster, in the same order as a
 * deletion: its bundles first (their Applications gone and what they
 * deployed pruned), then ArgoCD's service account, binding, role and token
 * in the cluster, then its ArgoCD Secret, then its definition as one
 * commit. The cluster itself is left running. A built cluster is refused
 * (409): that is delete.
 */
export async function unregisterCluster(
  request: UnregisterRequest,
): Promise<UnregisterResult> {
  const { name, definitions, managementClusters, write } = request;
  // Read as data before anything is removed: a bad one is a 400 naming its field.
  if (request.kubeconfig !== undefined) parseKubeconfig(request.kubeconfig);
  const { view } = await clusterDefinition(definitions, name, write.check);
  if (!isExternal(view))
    throw new ConflictError(
      `Cluster "${name}" is built by Cluster API: unregistering would leave it running with nobody managing it. Delete it instead (DELETE /api/arlon/clusters/${name}), which removes its bundles, its Cluster API objects and its registration in order`,
    );
  const registration = await findRegistration(managementClusters, name);
  let revoked: string[] = [];
  let left: string[] = [];
  if (registration) {
    await removeBundlesFirst(registration, request.bundles);
    ({ revoked, left } = await revoke(registration, request.kubeconfig));
    await deleteViewerSecret(registration.management, name);
    await deleteRegistrationSecret(registration);
  }
  const result = await commitOrRecord(undefined, () =>
    definitions.write('delete', 'Cluster', name, undefined, write),
  );
  return { ...result, revoked, left };
}

async function revoke(
  registration: ClusterRegistration,
  kubeconfig: string | undefined,
): Promise<{ revoked: string[]; left: string[] }> {
  if (!kubeconfig) return revokeWithArgoCdToken(registration);
  try {
    const access = registration.management.workloadAccess;
    return {
      revoked: [
        ...(await revokeViewerAccess(kubeconfig, access)),
        ...(await revokeArgoCdAccess(kubeconfig, access)),
      ],
      left: [],
    };
  } catch (error) {
    // The bundles are gone by now: say so, and how to finish. Only the
    // status or code, never what the workload server said.
    const status = (error as { code?: unknown })?.code;
    throw new ServiceUnavailableError(
      `The cluster's bundles are removed, but ArgoCD's account in it could not be removed with the kubeconfig given (${
        typeof status === 'number' ? `HTTP ${status}` : 'it did not answer'
      }). Its ArgoCD Secret and definition are unchanged: unregister again once the kubeconfig works, or without a kubeconfig to remove what ArgoCD's own token can.`,
    );
  }
}

/**
 * Removes ArgoCD's account from the workload cluster with ArgoCD's own
 * token (the Secret's access). Every removal takes the token's own rights
 * away, so the service account goes first: that ends the token (Kubernetes
 * refuses a deleted account's tokens and removes its token Secret), and the
 * binding, role and token Secret tried after it are then usually refused.
 * What could not be removed is returned by name for an administrator; none
 * of it holds a working credential once the service account is gone. Only
 * what carries Arlon's managed-by label is touched.
 */
export async function revokeWithArgoCdToken(
  registration: ClusterRegistration,
): Promise<{ revoked: string[]; left: string[] }> {
  let kc: KubeConfig;
  try {
    kc = kubeConfigFromArgoCdSecret(
      registration.secret,
      registration.management.workloadAccess,
    );
  } catch (error) {
    return {
      revoked: [],
      left: [
        `ServiceAccounts kube-system/argocd-manager and kube-system/arlon-portal-viewer and their roles, bindings and tokens (${
          (error as Error).message
        })`,
      ],
    };
  }
  const revoked: string[] = [];
  const left: string[] = [];
  // The portal viewer's account first, while ArgoCD's token still answers.
  const viewer = viewerObjects(kc);
  const argocd = argocdManagerObjects(kc);
  for (const { what, read, remove } of [
    ...(['token', 'binding', 'role', 'serviceAccount'] as const).map(
      key => viewer[key],
    ),
    ...(['serviceAccount', 'binding', 'role', 'token'] as const).map(
      key => argocd[key],
    ),
  ]) {
    try {
      const object = await read();
      if (!isArlonManaged(object)) continue;
      await remove();
      revoked.push(what);
    } catch (error: any) {
      if (error?.code !== 404) left.push(what);
    }
  }
  return { revoked, left };
}
