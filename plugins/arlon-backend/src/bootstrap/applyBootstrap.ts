import { ConflictError } from '@backstage/errors';
import {
  bootstrapManagementCluster,
  BootstrapResult,
  GitCredentials,
} from '@arlon-backstage/plugin-arlon-node';
import type {
  FleetRepository,
  ManagementCluster,
} from '@arlon-backstage/plugin-arlon-node';

/** Finds ArgoCD's credentials for the fleet repository (the configured integration's); undefined for a public one. */
export type RepositoryCredentialsSource = (
  url: string,
) => Promise<GitCredentials | undefined>;

/**
 * The portal's bootstrap action: checks the management cluster (ArgoCD
 * 2.10+, the Cluster API providers the fleet needs), then applies the
 * fleet's AppProjects, ArgoCD's credentials for the fleet repository and the
 * `arlon-fleet` Application from the management cluster's generated tree,
 * server-side and only what differs (the same code as `arlon bootstrap`). A
 * failed check is a 409 saying what to install; nothing is applied then.
 */
export async function applyBootstrap(
  repository: FleetRepository,
  cluster: ManagementCluster,
  options: {
    credentials?: RepositoryCredentialsSource;
    dryRun?: boolean;
    /**
     * The management cluster's bootstrap tree (its name when it is not the
     * default: see ManagementClusters.treeOf); absent, the default tree.
     */
    tree?: string;
  } = {},
): Promise<BootstrapResult> {
  const { files } = await repository.read();
  const result = await bootstrapManagementCluster(cluster.kubeConfig, {
    files,
    credentials: options.credentials,
    dryRun: options.dryRun,
    argocdNamespace: cluster.argocdNamespace,
    managementCluster: options.tree,
  });
  if (!result.ok) {
    const failed = result.checks.filter(c => !c.ok);
    throw new ConflictError(
      `Management cluster ${
        cluster.name
      } is not ready for the fleet, so nothing was applied: ${failed
        .map(c => `${c.name}: ${c.detail}${c.hint ? ` (${c.hint})` : ''}`)
        .join('; ')}`,
    );
  }
  return result;
}
