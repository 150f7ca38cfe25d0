// Placement: which management cluster builds which cluster, and where each one's bootstrap tree lives.
import type { Fleet } from '../model/Fleet';
import type { Cluster } from '../model/types';
import { GENERATED_ROOT } from './generatedTree';

/**
 * Where the trees of named management clusters live. Outside
 * `generated/argocd/`, which the default tree's bootstrap Application syncs
 * recursively: another management cluster's root Applications must never
 * reach the default one's ArgoCD.
 *
 * @public
 */
export const PLACED_TREES_ROOT = `${GENERATED_ROOT}/management-clusters`;

/**
 * On a named tree's bootstrap Application: the management cluster it is for.
 *
 * @public
 */
export const MANAGEMENT_CLUSTER_ANNOTATION = 'arlon.io/management-cluster';

/**
 * One management cluster's bootstrap tree: the Application applied by hand
 * and the folder it syncs (AppProjects, profile ApplicationSets and the root
 * Applications of the clusters it builds).
 *
 * @public
 */
export interface BootstrapTree {
  /** The management cluster named in `spec.managementCluster`; undefined for the default tree. */
  managementCluster?: string;
  /** The file holding the `arlon-fleet` Application. */
  bootstrapFile: string;
  /** The folder that Application syncs, without a trailing slash. */
  argocdDir: string;
}

/**
 * Pure: the tree of a management cluster, by the name clusters give it in
 * `spec.managementCluster`, or the default tree (undefined): the one a fleet
 * of one management cluster has always had, at the same paths.
 *
 * @public
 */
export function bootstrapTree(managementCluster?: string): BootstrapTree {
  if (managementCluster === undefined)
    return {
      bootstrapFile: `${GENERATED_ROOT}/bootstrap/arlon-fleet.yaml`,
      argocdDir: `${GENERATED_ROOT}/argocd`,
    };
  const root = `${PLACED_TREES_ROOT}/${managementCluster}`;
  return {
    managementCluster,
    bootstrapFile: `${root}/bootstrap/arlon-fleet.yaml`,
    argocdDir: `${root}/argocd`,
  };
}

/** The management cluster a cluster names; undefined for the default one. */
export function placementOf(cluster: Cluster): string | undefined {
  return cluster.spec.managementCluster;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

/**
 * Pure: the named management clusters that have a tree, sorted: those the
 * fleet's clusters are placed on, and those whose tree the repository
 * already holds. A tree stays when its last cluster goes: its ArgoCD then
 * prunes that cluster's root Application (deleting it in order), where a
 * vanished folder would only be an error ArgoCD reports.
 *
 * @public
 */
export function placedManagementClusters(fleet: Fleet): string[] {
  const names = new Set<string>();
  const prefix = `${PLACED_TREES_ROOT}/`;
  for (const file of Object.keys(fleet.files)) {
    if (!file.startsWith(prefix)) continue;
    const name = file.slice(prefix.length).split('/')[0];
    if (DNS_LABEL.test(name) && file === bootstrapTree(name).bootstrapFile)
      names.add(name);
  }
  for (const { object } of fleet.clusters.values()) {
    const placed = placementOf(object);
    if (placed !== undefined) names.add(placed);
  }
  return [...names].sort();
}

/**
 * Pure: the fleet as one management cluster's ArgoCD sees it: every bundle,
 * profile and spec, but only the clusters that management cluster builds
 * (undefined: those that name none). Its AppProject then allows only their
 * namespaces.
 *
 * @public
 */
export function fleetOfTree(
  fleet: Fleet,
  managementCluster: string | undefined,
): Fleet {
  return {
    ...fleet,
    clusters: new Map(
      [...fleet.clusters].filter(
        ([, { object }]) => placementOf(object) === managementCluster,
      ),
    ),
  };
}

/**
 * Pure: the tree whose `clusters/` folder holds a cluster's root Application
 * in these files, when one does: where ArgoCD builds it from today.
 */
export function treeHoldingCluster(
  files: Record<string, string>,
  cluster: string,
): BootstrapTree | undefined {
  return clusterTrees(files)(cluster);
}

/**
 * {@link treeHoldingCluster} for many clusters of the same files: the placed
 * trees are indexed in one pass, so validating N clusters reads the file
 * list once instead of N times (10,000 clusters: 30 s against milliseconds).
 */
export function clusterTrees(
  files: Record<string, string>,
): (cluster: string) => BootstrapTree | undefined {
  const placed = new Map<string, string>();
  const prefix = `${PLACED_TREES_ROOT}/`;
  for (const file of Object.keys(files)) {
    if (!file.startsWith(prefix)) continue;
    const managementCluster = file.slice(prefix.length).split('/')[0];
    const dir = `${bootstrapTree(managementCluster).argocdDir}/clusters/`;
    if (!file.startsWith(dir) || !file.endsWith('.yaml')) continue;
    const cluster = file.slice(dir.length, -'.yaml'.length);
    // The first tree in file order holds it, as a scan would find it.
    if (!cluster.includes('/') && !placed.has(cluster))
      placed.set(cluster, managementCluster);
  }
  return cluster => {
    if (`${bootstrapTree().argocdDir}/clusters/${cluster}.yaml` in files)
      return bootstrapTree();
    const managementCluster = placed.get(cluster);
    return managementCluster === undefined
      ? undefined
      : bootstrapTree(managementCluster);
  };
}

/**
 * The management clusters the caller knows of (the portal's
 * `arlon.managementClusters`): what `spec.managementCluster` is checked
 * against. Callers without configuration (the CLI on a fleet folder) leave
 * it out and the names go unchecked.
 *
 * @public
 */
export interface ManagementClusterNames {
  /** Every configured name. */
  names: readonly string[];
  /** The one that builds clusters naming none. */
  default: string;
}
