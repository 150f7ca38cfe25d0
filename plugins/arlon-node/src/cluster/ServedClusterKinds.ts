import {
  clusterManifestKinds,
  ServedKinds,
} from '@arlon-backstage/plugin-arlon-common';
import { LiveCluster } from '../live/LiveCluster';
import type { ManagementCluster } from './ManagementCluster';
import type { ManagementClusters } from './ManagementClusters';

/** What a management cluster serves, and whether it builds the fleet (runs `arlon-fleet`). */
export type DiscoveredKinds = ServedKinds & { bootstrapped: boolean };

/**
 * Which Cluster API kinds the management clusters that build the fleet
 * serve, from their discovery (one request per group version), kept for
 * `maxAgeMs` so a burst of writes asks once. The builders are those running
 * the `arlon-fleet` application (bootstrapped); before any is, every one
 * that answers. A cluster that cannot answer is left out: a commit is not
 * held up by a check that cannot run. One that stays silent past
 * `timeoutMs` is not asked again for `silentForMs`, so writes do not each
 * wait on it.
 */
export class ServedClusterKinds {
  private snapshot?: Promise<ServedKinds[]>;
  private readAt = 0;
  private readonly silentUntil = new Map<string, number>();
  private readonly options: Required<{
    maxAgeMs: number;
    timeoutMs: number;
    silentForMs: number;
  }>;

  constructor(
    private readonly clusters: ManagementClusters,
    options: {
      maxAgeMs?: number;
      timeoutMs?: number;
      silentForMs?: number;
    } = {},
  ) {
    this.options = {
      maxAgeMs: 10_000,
      timeoutMs: 5000,
      silentForMs: 60_000,
      ...options,
    };
  }

  current(): Promise<ServedKinds[]> {
    if (!this.snapshot || Date.now() - this.readAt > this.options.maxAgeMs) {
      this.readAt = Date.now();
      this.snapshot = Promise.all(
        this.clusters.list().map(c => this.discover(c)),
      ).then(all => {
        const reachable = all.filter((s): s is DiscoveredKinds => !!s);
        const builders = reachable.filter(s => s.bootstrapped);
        return (builders.length ? builders : reachable).map(
          ({ managementCluster, served }) => ({ managementCluster, served }),
        );
      });
    }
    return this.snapshot;
  }

  private async discover(
    cluster: ManagementCluster,
  ): Promise<DiscoveredKinds | undefined> {
    if ((this.silentUntil.get(cluster.name) ?? 0) > Date.now())
      return undefined;
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<'silent'>(resolve => {
      timer = setTimeout(resolve, this.options.timeoutMs, 'silent');
    });
    try {
      const result = await Promise.race([
        discoverServedKinds(
          new LiveCluster(cluster.name, cluster.kubeConfig),
          cluster.argocdNamespace,
        ),
        silent,
      ]);
      if (result !== 'silent') return result;
      this.silentUntil.set(cluster.name, Date.now() + this.options.silentForMs);
      return undefined;
    } catch {
      return undefined; // refused, unauthorised…: cheap to ask again next time
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Which of the kinds a cluster's Cluster API manifests can use `live`
 * serves, from its discovery, and whether it runs `arlon-fleet`.
 */
export async function discoverServedKinds(
  live: LiveCluster,
  argocdNamespace: string,
): Promise<DiscoveredKinds> {
  const served = new Set<string>();
  for (const k of clusterManifestKinds())
    if (await live.scope(k.apiVersion, k.kind))
      served.add(`${k.apiVersion}/${k.kind}`);
  const { live: fleetApp } = await live.read([
    {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'arlon-fleet', namespace: argocdNamespace },
    },
  ]);
  return {
    managementCluster: live.name,
    served,
    bootstrapped: fleetApp.length > 0,
  };
}
