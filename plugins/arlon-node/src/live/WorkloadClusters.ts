import { NotFoundError } from '@backstage/errors';
import { ARGOCD_CLUSTER_SECRET_SELECTOR } from '../cluster/FleetInformers';
import type { ManagementClusters } from '../cluster/ManagementClusters';
import { withTimeout } from '../connection/describeConnectionError';
import { requestTimeoutOf } from '../connection/requestTimeout';
import { ARLON_CLUSTER_LABEL } from '../registration/registerWorkloadCluster';
import { LiveCluster, type ObjectRef } from './LiveCluster';
import {
  kubeConfigFromArgoCdSecret,
  kubeConfigFromCapiSecret,
} from './workloadKubeConfig';

/**
 * Reaches a workload cluster by its Arlon name, with the access ArgoCD has
 * (its cluster Secret: works for built and imported clusters alike), or the
 * CAPI kubeconfig for a built cluster not registered yet. Credentials stay in
 * memory, in the client. Shared by the portal's diff and whatever else
 * must reach a workload cluster (the scaffolder module too).
 *
 * @public
 */
export class WorkloadClusters {
  constructor(private readonly managementClusters: ManagementClusters) {}

  /** A client for the cluster, or a 404 saying what it waits for. */
  async get(name: string): Promise<LiveCluster> {
    for (const mc of this.managementClusters.list()) {
      const informers = mc.informers();
      await withTimeout(
        Promise.all([
          informers.argocdClusterSecrets.ready,
          informers.kubeconfigSecrets.ready,
        ]),
        10_000,
      ).catch(() => undefined);
      const argocd = informers.argocdClusterSecrets
        .list()
        .find(s => s.metadata?.labels?.[ARLON_CLUSTER_LABEL] === name);
      if (argocd)
        return new LiveCluster(
          name,
          kubeConfigFromArgoCdSecret(argocd, mc.workloadAccess),
          // The configured deadline (arlon.limits.kubernetesTimeoutSeconds).
          requestTimeoutOf(mc.kubeConfig),
        );
      const capi = informers.kubeconfigSecrets.get(`${name}-kubeconfig`, name);
      if (capi)
        return new LiveCluster(
          name,
          kubeConfigFromCapiSecret(capi, mc.workloadAccess),
          requestTimeoutOf(mc.kubeConfig),
        );
    }
    throw new NotFoundError(
      `Cluster ${name} cannot be reached yet: it has no ArgoCD cluster Secret (${ARGOCD_CLUSTER_SECRET_SELECTOR}, ${ARLON_CLUSTER_LABEL}=${name}) and no CAPI kubeconfig Secret ${name}/${name}-kubeconfig. Wait until it is provisioned and registered.`,
    );
  }

  /** What ArgoCD tracks for a cluster's bundle applications (`<cluster>-<bundle>`), from their status. */
  tracked(
    cluster: string,
    bundles: string[],
  ): Array<{ bundle: string; ref: ObjectRef }> {
    const result: Array<{ bundle: string; ref: ObjectRef }> = [];
    for (const mc of this.managementClusters.list()) {
      const apps = mc.informers().applications;
      for (const bundle of bundles) {
        const app = apps.get(`${cluster}-${bundle}`, mc.argocdNamespace);
        for (const r of app?.status?.resources ?? []) {
          if (r.hook || !r.kind || !r.name) continue;
          result.push({
            bundle,
            ref: {
              apiVersion: r.group ? `${r.group}/${r.version}` : r.version,
              kind: r.kind,
              metadata: {
                name: r.name,
                ...(r.namespace ? { namespace: r.namespace } : {}),
              },
            },
          });
        }
      }
    }
    return result;
  }
}
