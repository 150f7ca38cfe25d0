import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  ClusterDetails,
  KubernetesClustersSupplier,
} from '@backstage/plugin-kubernetes-node';
import { CoreV1Api, V1Secret } from '@kubernetes/client-node';
import { entityName } from '@arlon-backstage/plugin-arlon-common';
import {
  checkWorkloadServer,
  ManagementCluster,
  ManagementClusters,
  ResourceInformer,
  VIEWER_SECRET_SELECTOR,
  viewerAccessFromSecret,
  viewerSecretName,
  withTimeout,
} from '@arlon-backstage/plugin-arlon-node';

export interface ArlonClusterSupplierOptions {
  clusters: ManagementClusters;
  logger: LoggerService;
  /** Skip the metrics-server lookup for pod usage (clusters without metrics-server answer 404 to it). */
  skipMetricsLookup?: boolean;
  /** How long a verdict of the server-address policy on a server is kept (default 60 s). */
  policyCacheMs?: number;
  /** How long getClusters waits for a management cluster's first list (default 5 s); it then answers without that one. */
  readyTimeoutMs?: number;
}

/** Where the viewer Secrets of one management cluster are kept, live. */
interface Source {
  management: ManagementCluster;
  viewers: ResourceInformer<V1Secret>;
}

/**
 * Supplies every registered Arlon workload cluster to the Kubernetes
 * backend, from the live viewer Secrets of every management cluster (list +
 * watch): each with the portal's read-only viewer token (the
 * `serviceAccount` auth provider) and the cluster's CA, never ArgoCD's token.
 * A cluster is named as its catalog entity, so the kubernetes-cluster plugin
 * finds it by the entity's name. A cluster whose server address the
 * `arlon.security` policy refuses is left out (and logged once), as is a
 * viewer Secret without a token or an https server: the Kubernetes backend
 * would otherwise fall back to the pod's own service-account token.
 */
export class ArlonClusterSupplier implements KubernetesClustersSupplier {
  private readonly sources: Source[];
  private readonly verdicts = new Map<
    string,
    { allowed: boolean; until: number }
  >();
  private readonly warned = new Set<string>();
  private started?: Promise<void>;

  constructor(private readonly options: ArlonClusterSupplierOptions) {
    this.sources = options.clusters.list().map(management => {
      const kc = management.kubeConfig;
      const core = kc.makeApiClient(CoreV1Api);
      const namespace = management.argocdNamespace;
      return {
        management,
        viewers: new ResourceInformer<V1Secret>(
          kc,
          `/api/v1/namespaces/${namespace}/secrets`,
          () =>
            core.listNamespacedSecret({
              namespace,
              labelSelector: VIEWER_SECRET_SELECTOR,
            }) as any,
          VIEWER_SECRET_SELECTOR,
        ),
      };
    });
  }

  /** Starts watching the viewer Secrets (idempotent). */
  start(): Promise<void> {
    this.started ??= Promise.all(this.sources.map(s => s.viewers.start())).then(
      () => {},
    );
    return this.started;
  }

  async stop() {
    await Promise.all(this.sources.map(s => s.viewers.stop()));
  }

  async getClusters(): Promise<ClusterDetails[]> {
    await this.start();
    const timeoutMs = this.options.readyTimeoutMs ?? 5000;
    const details: ClusterDetails[] = [];
    for (const { management, viewers } of this.sources) {
      try {
        await withTimeout(viewers.ready, timeoutMs);
      } catch {
        this.warnOnce(
          `ready:${management.name}`,
          `Management cluster ${management.name} has not answered yet: its workload clusters are not supplied to the Kubernetes plugin until it does`,
        );
        continue;
      }
      for (const secret of viewers.list()) {
        const viewer = viewerAccessFromSecret(secret);
        if (!viewer) continue;
        if (!(await this.allowed(viewer.server, management, viewer.cluster)))
          continue;
        details.push({
          name: entityName('Cluster', viewer.cluster),
          title: viewer.cluster,
          url: viewer.server,
          authMetadata: {
            'kubernetes.io/auth-provider': 'serviceAccount',
            serviceAccountToken: viewer.bearerToken,
          },
          ...(viewer.caData ? { caData: viewer.caData } : {}),
          skipTLSVerify: false,
          skipMetricsLookup: this.options.skipMetricsLookup ?? false,
        });
      }
    }
    return this.unambiguous(details);
  }

  /**
   * Clusters named once only. The same cluster with viewer credentials in
   * two management clusters (a stale Secret left behind) is supplied from
   * neither, and logged once: the Kubernetes backend takes the first of a
   * name, which may be the wrong cluster's server and token.
   */
  private unambiguous(details: ClusterDetails[]): ClusterDetails[] {
    const count = new Map<string, number>();
    for (const d of details) count.set(d.name, (count.get(d.name) ?? 0) + 1);
    return details.filter(d => {
      if (count.get(d.name) === 1) return true;
      const secret = viewerSecretName(d.title ?? d.name);
      this.warnOnce(
        `ambiguous:${d.name}`,
        `Workload cluster ${d.name} is not supplied to the Kubernetes plugin: more than one management cluster holds viewer credentials for it (Secret ${secret}); delete the stale one`,
      );
      return false;
    });
  }

  /**
   * The server-address policy's verdict on `server` (its host resolved, every
   * address checked), kept for a while: the Kubernetes backend asks for the
   * clusters on every request.
   */
  private async allowed(
    server: string,
    management: ManagementCluster,
    cluster: string,
  ): Promise<boolean> {
    const now = Date.now();
    const cached = this.verdicts.get(server);
    if (cached && cached.until > now) return cached.allowed;
    let allowed = true;
    try {
      await checkWorkloadServer(
        server,
        'clusters[0].cluster.server',
        management.workloadAccess.servers,
      );
    } catch {
      allowed = false;
      this.warnOnce(
        `refused:${server}`,
        `Workload cluster ${cluster} is not supplied to the Kubernetes plugin: its server address is refused by arlon.security`,
      );
    }
    this.verdicts.set(server, {
      allowed,
      until: now + (this.options.policyCacheMs ?? 60_000),
    });
    return allowed;
  }

  private warnOnce(key: string, message: string) {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.options.logger.warn(message);
  }
}
