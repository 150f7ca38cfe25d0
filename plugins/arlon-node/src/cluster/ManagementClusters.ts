import { NotFoundError } from '@backstage/errors';
import type { ManagementClusterConfig } from '../config/readArlonConfig';
import { ManagementCluster } from './ManagementCluster';
import type { ArlonSecurity } from '../config/readArlonSecurity';
import { workloadAccess } from '../kubeconfig/WorkloadAccess';

/** Every configured management cluster, by context name. */
export class ManagementClusters {
  private readonly byName: Map<string, ManagementCluster>;

  constructor(
    configs: ManagementClusterConfig[],
    /** `arlon.security`; without it, the strict defaults (no loopback workload clusters). */
    security?: ArlonSecurity,
  ) {
    const access = workloadAccess(security);
    this.byName = new Map(
      configs.map((config, index) => [
        config.name,
        new ManagementCluster(config, index, access),
      ]),
    );
  }

  list(): ManagementCluster[] {
    return [...this.byName.values()];
  }

  get(name: string): ManagementCluster {
    const cluster = this.byName.get(name);
    if (!cluster) {
      throw new NotFoundError(
        `No management cluster named "${name}"; configured: ${
          [...this.byName.keys()].join(', ') || 'none'
        }`,
      );
    }
    return cluster;
  }
}
