import {
  type ClusterSpecSpec,
  renderClusterManifests,
} from '@arlon-backstage/plugin-arlon-common';

/**
 * In what order Cluster API carries out a version change, for the review.
 * Only a ClusterClass topology (`spec.topology.version`) orders it: the
 * topology controller upgrades the control plane, then the workers. Without
 * one, the commit changes the control plane and the node pools together and
 * each controller rolls its own at once, while Kubernetes' version-skew
 * policy says a kubelet must not be newer than its API server: new workers
 * may fail to join (kubeadm's preflight refuses), or the provider refuses a
 * node pool newer than its control plane, until the control plane is done.
 */
export function upgradeOrder(cluster: string, next: ClusterSpecSpec): string {
  let topology = false;
  try {
    topology = renderClusterManifests(cluster, cluster, next).some(
      o => o.kind === 'Cluster' && !!(o.spec as any)?.topology,
    );
  } catch {
    // validation says why, at its line
  }
  return topology
    ? 'Cluster API upgrades the control plane first, then rolls the workers (the ClusterClass topology orders it)'
    : 'the control plane and the node pools change in this one commit and Cluster API rolls them at the same time (no ClusterClass orders it): until the control plane is done, workers at the new version are newer than their API server, which the version-skew policy forbids, so they may fail to join or be refused, and are retried';
}
