// Placement: the management cluster a cluster names is a configured one, and a built cluster never moves.
import type { Located } from '../../model/Fleet';
import type { Cluster } from '../../model/types';
import type {
  BootstrapTree,
  ManagementClusterNames,
} from '../../compiler/placement';
import { closeNames } from '../closeNames';
import type { Problem } from '../Problem';
import { at } from './FleetCheck';

const quoted = (names: readonly string[]) =>
  names.map(n => `"${n}"`).join(', ');

/**
 * A cluster's `spec.managementCluster`, checked against the configured
 * management clusters when they are known (`known`), and against where the
 * generated tree builds the cluster today (`treeOf`, from clusterTrees).
 */
export function placementProblems(
  { source, object }: Located<Cluster>,
  treeOf: (cluster: string) => BootstrapTree | undefined,
  known?: ManagementClusterNames,
): Problem[] {
  const placed = object.spec.managementCluster;
  const field = ['spec', 'managementCluster'];
  if (placed !== undefined && known) {
    if (!known.names.includes(placed)) {
      const close = closeNames(placed, known.names);
      return [
        at(
          source,
          field,
          `management cluster "${placed}" is not configured (arlon.managementClusters: ${
            quoted(known.names) || 'none'
          })`,
          close.length
            ? `Did you mean ${quoted(close)}?`
            : `Use one of ${quoted(
                known.names,
              )}, or leave it out for the default (${known.default}).`,
        ),
      ];
    }
    // The default tree is the clusters that name none: naming the default
    // would put the cluster in a tree no management cluster bootstraps.
    if (placed === known.default)
      return [
        at(
          source,
          field,
          `"${placed}" is the default management cluster: the clusters it builds name none`,
          'Remove spec.managementCluster; clusters without it are built by the default management cluster.',
        ),
      ];
  }
  return moveProblems(source, object, treeOf, field);
}

/**
 * A cluster whose root Application the generated tree holds in another
 * management cluster's tree is running there: moving its root Application
 * makes that ArgoCD prune it (its resources finalizer deletes the Cluster
 * API objects, and Cluster API the machines) before the other one builds it.
 */
function moveProblems(
  source: Located<Cluster>['source'],
  cluster: Cluster,
  treeOf: (cluster: string) => BootstrapTree | undefined,
  field: string[],
): Problem[] {
  if (!cluster.spec.clusterSpec) return [];
  const name = cluster.metadata.name;
  const from = treeOf(name);
  const to = cluster.spec.managementCluster;
  if (!from || from.managementCluster === to) return [];
  const describe = (m?: string) =>
    m === undefined ? 'the default management cluster' : `"${m}"`;
  return [
    at(
      source,
      to === undefined ? ['spec'] : field,
      `cluster "${name}" is built by ${describe(from.managementCluster)} (${
        from.argocdDir
      }/clusters/${name}.yaml); moving it to ${describe(
        to,
      )} would make the first one's ArgoCD delete the running cluster`,
      from.managementCluster === undefined
        ? `Remove spec.managementCluster to keep it where it runs. Arlon does not hand a running cluster over: delete it and create it anew on ${describe(
            to,
          )} (docs/operations.md).`
        : `Set spec.managementCluster: ${
            from.managementCluster
          } to keep it where it runs. Arlon does not hand a running cluster over: delete it and create it anew on ${describe(
            to,
          )} (docs/operations.md).`,
    ),
  ];
}
