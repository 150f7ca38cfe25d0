import {
  clusterManifestKinds,
  ServedKinds,
} from '@internal/backstage-plugin-arlon-common';
import { LiveCluster } from '../live/LiveCluster';
import type { ManagementCluster } from './ManagementCluster';
import type { ManagementClusters } from './ManagementClusters';

/** A management cluster that does not answer discovery in this long counts as unreachable. */
const DISCOVERY_TIMEOUT_MS = 5000;

/**
 * Which Cluster API kinds the management clusters that build the fleet
 * serve, from their discovery (one request per group version), kept for
 * `maxAgeMs` so a burst of writes asks once. The builders are those running
 * the `arlon-fleet` application (bootstrapped); before any is, every one
 * that answers. An unreachable or silent cluster is left out: a commit is
 * not held up by a check that cannot run.
 */
export class ServedClusterKinds {
  private snapshot?: Promise<ServedKinds[]>;
  private readAt = 0;

  constructor(
    private readonly clusters: ManagementClusters,
    private readonly maxAgeMs = 10_000,
  ) {}

  current(): Promise<ServedKinds[]> {
    if (!this.snapshot || Date.now() - this.readAt > this.maxAgeMs) {
      this.readAt = Date.now();
      this.snapshot = Promise.all(this.clusters.list().map(servedBy)).then(
        all => {
          const reachable = all.filter(
            (s): s is ServedKinds & { bootstrapped: boolean } => !!s,
          );
          const builders = reachable.filter(s => s.bootstrapped);
          return (builders.length ? builders : reachable).map(
            ({ managementCluster, served }) => ({ managementCluster, served }),
          );
        },
      );
    }
    return this.snapshot;
  }
}

async function servedBy(
  cluster: ManagementCluster,
): Promise<(ServedKinds & { bootstrapped: boolean }) | undefined> {
  const live = new LiveCluster(cluster.name, cluster.kubeConfig);
  const discover = async () => {
    const served = new Set<string>();
    for (const k of clusterManifestKinds())
      if (await live.scope(k.apiVersion, k.kind))
        served.add(`${k.apiVersion}/${k.kind}`);
    const [fleetApp] = await live
      .read([
        {
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'Application',
          metadata: { name: 'arlon-fleet', namespace: cluster.argocdNamespace },
        },
      ])
      .then(r => r.live);
    return {
      managementCluster: cluster.name,
      served,
      bootstrapped: !!fleetApp,
    };
  };
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<undefined>(resolve => {
    timer = setTimeout(resolve, DISCOVERY_TIMEOUT_MS, undefined);
  });
  try {
    return await Promise.race([discover(), silent]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
