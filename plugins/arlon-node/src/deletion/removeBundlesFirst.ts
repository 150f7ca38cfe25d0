import { ServiceUnavailableError } from '@backstage/errors';
import {
  beginDeletion,
  bundleApplications,
  ClusterRegistration,
  recordDeletionProblem,
} from './clusterRegistration';
import { ARLON_CLUSTER_LABEL } from '../registration/registerWorkloadCluster';

/** How long a cluster's bundles may take to be pruned, by default: load balancers and volumes take minutes. */
export const DEFAULT_BUNDLE_REMOVAL_TIMEOUT_MS = 10 * 60_000;

export interface BundleRemovalOptions {
  /** Give up (and record why on the Secret) after this long. */
  timeoutMs?: number;
  /** How often to look again. */
  pollMs?: number;
  /** Told how many bundle Applications are left, each time it looks. */
  onProgress?(bundlesLeft: number): void;
}

/**
 * The first step of deleting or unregistering a cluster: its profile labels
 * come off its ArgoCD Secret (which is marked as deleting), and this waits
 * until ArgoCD has removed every bundle Application of the cluster, each
 * after pruning what it deployed, while the cluster still answers. Nothing
 * else is touched. Past the timeout the problem is recorded on the Secret
 * (the cluster's status shows it) and a 503 says what is stuck; asking again
 * resumes.
 */
export async function removeBundlesFirst(
  registration: ClusterRegistration,
  options: BundleRemovalOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_BUNDLE_REMOVAL_TIMEOUT_MS;
  const pollMs = options.pollMs ?? 500;
  const cluster = registration.secret.metadata!.labels![ARLON_CLUSTER_LABEL];
  await beginDeletion(registration);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await bundleApplications(registration.management, cluster);
    options.onProgress?.(left.length);
    if (left.length === 0) return;
    if (Date.now() >= deadline) {
      const problem = `bundle Applications ${left.join(
        ', ',
      )} were not removed within ${Math.round(
        timeoutMs / 1000,
      )} s; check them in ArgoCD (a resource that cannot be pruned, or a cluster that does not answer), then ask again`;
      await recordDeletionProblem(registration, problem);
      throw new ServiceUnavailableError(
        `Cluster "${cluster}" was not deleted: its ${problem}. Its profile labels stay off; nothing else was removed`,
      );
    }
    await new Promise(r => setTimeout(r, pollMs));
  }
}
