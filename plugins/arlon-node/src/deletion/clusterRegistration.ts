import { CustomObjectsApi, V1Secret } from '@kubernetes/client-node';
import { ServiceUnavailableError } from '@backstage/errors';
import {
  DELETING_ANNOTATION,
  DELETION_PROBLEM_ANNOTATION,
  PROFILE_LABEL_PREFIX,
} from '@arlon-backstage/plugin-arlon-common';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import { ARLON_CLUSTER_LABEL } from '../registration/registerWorkloadCluster';
import { ArgoCdClusterSecrets } from '../registration/ArgoCdClusterSecrets';

/** A cluster's ArgoCD registration: the management cluster whose ArgoCD has its Secret, and the Secret. */
export interface ClusterRegistration {
  management: ManagementCluster;
  secret: V1Secret;
}

const secretName = ArgoCdClusterSecrets.nameOf;

/**
 * The ArgoCD Secret Arlon keeps for `cluster`, on whichever management
 * cluster has it (read through the API, not a cache: a deletion must not act
 * on a stale view). A Secret of that name Arlon does not label as this
 * cluster's is not ours and is left alone. A management cluster that does
 * not answer stops the search: it may hold the cluster's bundles, and
 * deleting without knowing would race them.
 */
export async function findRegistration(
  managementClusters: readonly ManagementCluster[],
  cluster: string,
): Promise<ClusterRegistration | undefined> {
  for (const management of managementClusters) {
    let secret: V1Secret | undefined;
    try {
      secret = await new ArgoCdClusterSecrets(management).read(
        secretName(cluster),
      );
    } catch {
      throw new ServiceUnavailableError(
        `Management cluster ${management.name} did not answer while looking for cluster "${cluster}"'s ArgoCD registration, so its bundles cannot be removed first. Nothing was changed; try again once it answers`,
      );
    }
    if (secret?.metadata?.labels?.[ARLON_CLUSTER_LABEL] === cluster)
      return { management, secret };
  }
  return undefined;
}

/**
 * Step one of an ordered deletion: the Secret is annotated as deleting (the
 * registration controller then never restores its labels) and loses its
 * profile labels, so the profiles' ApplicationSets drop the cluster's bundle
 * Applications and ArgoCD prunes what they deployed. Idempotent: asking
 * again keeps the first start time and clears an earlier problem.
 */
export async function beginDeletion(
  registration: ClusterRegistration,
  now = new Date(),
): Promise<void> {
  const { management, secret } = registration;
  const labels: Record<string, null> = {};
  for (const key of Object.keys(secret.metadata?.labels ?? {}))
    if (key.startsWith(PROFILE_LABEL_PREFIX)) labels[key] = null;
  await new ArgoCdClusterSecrets(management).patch(secret.metadata!.name!, {
    labels,
    annotations: {
      [DELETING_ANNOTATION]:
        secret.metadata?.annotations?.[DELETING_ANNOTATION] ??
        now.toISOString(),
      [DELETION_PROBLEM_ANNOTATION]: null,
    },
  });
}

/** Records on the Secret why a deletion stopped, for every replica's status to show. */
export async function recordDeletionProblem(
  registration: ClusterRegistration,
  problem: string,
): Promise<void> {
  await new ArgoCdClusterSecrets(registration.management).patch(
    secretName(clusterOf(registration)),
    { annotations: { [DELETION_PROBLEM_ANNOTATION]: problem } },
  );
}

function clusterOf(registration: ClusterRegistration): string {
  return registration.secret.metadata!.labels![ARLON_CLUSTER_LABEL];
}

/** The names of the cluster's bundle Applications still present (being pruned or not). */
export async function bundleApplications(
  management: ManagementCluster,
  cluster: string,
): Promise<string[]> {
  const list: any = await management.kubeConfig
    .makeApiClient(CustomObjectsApi)
    .listNamespacedCustomObject({
      group: 'argoproj.io',
      version: 'v1alpha1',
      namespace: management.argocdNamespace,
      plural: 'applications',
      labelSelector: `arlon.io/kind=bundle,arlon.io/cluster=${cluster}`,
    });
  return (list.items ?? []).map((a: any) => a.metadata.name as string).sort();
}

/** Deletes the cluster's ArgoCD Secret (the last step); already gone is fine. */
export async function deleteRegistrationSecret(
  registration: ClusterRegistration,
): Promise<void> {
  const { management, secret } = registration;
  await new ArgoCdClusterSecrets(management).delete(secret.metadata!.name!);
}
