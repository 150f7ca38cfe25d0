import { NotFoundError } from '@backstage/errors';
import type { ManagementClusterNames } from '@arlon-backstage/plugin-arlon-common';
import type { ManagementClusterConfig } from '../config/readArlonConfig';
import { ManagementCluster } from './ManagementCluster';
import type { ArlonSecurity } from '../config/readArlonSecurity';
import { workloadAccess } from '../kubeconfig/WorkloadAccess';

/** Every configured management cluster, by context name. */
export class ManagementClusters {
  private readonly byName: Map<string, ManagementCluster>;
  /** Builds the clusters that name no management cluster: marked `default: true`, else the first. */
  private readonly defaultName?: string;

  constructor(
    configs: ManagementClusterConfig[],
    /** `arlon.security`; without it, the strict defaults (no loopback workload clusters). */
    security?: ArlonSecurity,
  ) {
    const access = workloadAccess(security);
    this.defaultName = placementNamesOf(configs)?.default;
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

  /**
   * The configured names and the default, what `spec.managementCluster` is
   * checked against; undefined when none is configured.
   */
  placementNames(): ManagementClusterNames | undefined {
    return placementNamesOf(
      this.list().map(c => ({ name: c.name })),
      this.defaultName,
    );
  }

  /**
   * The name of the bootstrap tree a management cluster builds from: its
   * own, or undefined for the default one (whose tree holds the clusters
   * that name none).
   */
  treeOf(name: string): string | undefined {
    return name === this.defaultName ? undefined : this.get(name).name;
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

/**
 * The configured names and the default (marked `default: true`, else the
 * first): what `spec.managementCluster` is checked against; undefined when
 * none is configured.
 */
export function placementNamesOf(
  configs: ReadonlyArray<Pick<ManagementClusterConfig, 'name' | 'default'>>,
  defaultName = (configs.find(c => c.default) ?? configs[0])?.name,
): ManagementClusterNames | undefined {
  if (defaultName === undefined) return undefined;
  return { names: configs.map(c => c.name), default: defaultName };
}
