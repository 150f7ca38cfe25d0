import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  checkDefinitionName,
  definitionViews,
  GENERATED_ROOT,
  type DefinitionView,
} from '@arlon-backstage/plugin-arlon-common';
import { parseAllDocuments } from 'yaml';
import type { ManagementCluster } from '../cluster/ManagementCluster';
import type { FleetDefinitions, WriteRequest } from '../fleet/FleetDefinitions';
import type { FleetChangeResult } from '../fleet/FleetRepository';
import {
  bundleApplications,
  findRegistration,
  recordDeletionProblem,
  type ClusterRegistration,
} from './clusterRegistration';
import {
  removeBundlesFirst,
  type BundleRemovalOptions,
} from './removeBundlesFirst';

export interface ClusterRemovalRequest {
  /** The cluster, by its definition's name. */
  name: string;
  definitions: FleetDefinitions;
  managementClusters: readonly ManagementCluster[];
  /** The commit that deletes the definition; `check` runs on the head before anything is removed. */
  write: WriteRequest;
  bundles?: BundleRemovalOptions;
}

/** What deleting (or unregistering) a cluster will remove, for a confirmation. */
export interface ClusterRemovalPlan {
  cluster: string;
  external: boolean;
  /** Its bundle Applications, which go first with what they deployed. */
  bundleApplications: string[];
  /** The Cluster API objects its root Application built (none for an external cluster). */
  clusterObjects: Array<{ kind: string; name: string }>;
  /** Its ArgoCD registration: the Secret, and ArgoCD's service account in the cluster. */
  registration?: { managementCluster: string; secret: string };
  /** The files the commit deletes. */
  files: Array<{ path: string; action: string }>;
}

/**
 * The cluster's definition on the head, after the caller's permission check
 * there: 404 when there is none.
 */
export async function clusterDefinition(
  definitions: FleetDefinitions,
  name: string,
  check?: (files: Record<string, string>) => void,
): Promise<{ view: DefinitionView; files: Record<string, string> }> {
  checkDefinitionName(name, 'name');
  const { files } = await definitions.read();
  check?.(files);
  const view = definitionViews(files).find(
    v => v.kind === 'Cluster' && v.name === name,
  );
  if (!view)
    throw new NotFoundError(
      `No Cluster named "${name}" in the fleet repository`,
    );
  return { view, files };
}

export const isExternal = (view: DefinitionView) =>
  !!(view.definition as any)?.spec?.external;

/** What `deleteCluster` (or `unregisterCluster`) would remove. Reads only. */
export async function planClusterRemoval(
  request: ClusterRemovalRequest,
): Promise<ClusterRemovalPlan> {
  const { name, definitions, managementClusters, write } = request;
  const { view, files } = await clusterDefinition(
    definitions,
    name,
    write.check,
  );
  const registration = await findRegistration(managementClusters, name);
  const dry = await definitions.write('delete', 'Cluster', name, undefined, {
    ...write,
    dryRun: true,
  });
  return {
    cluster: name,
    external: isExternal(view),
    bundleApplications: registration
      ? await bundleApplications(registration.management, name)
      : [],
    clusterObjects: clusterObjectsOf(files, name),
    ...(registration
      ? {
          registration: {
            managementCluster: registration.management.name,
            secret: `${registration.management.argocdNamespace}/${registration.secret.metadata?.name}`,
          },
        }
      : {}),
    files: dry.files.map(f => ({ path: f.path, action: f.action })),
  };
}

/** The Cluster API objects the generated tree holds for a built cluster. */
function clusterObjectsOf(
  files: Record<string, string>,
  name: string,
): Array<{ kind: string; name: string }> {
  const text = files[`${GENERATED_ROOT}/clusters/${name}/cluster.yaml`];
  if (!text) return [];
  return parseAllDocuments(text)
    .map(d => d.toJS() as any)
    .filter(o => o?.kind && o?.metadata?.name)
    .map(o => ({ kind: String(o.kind), name: String(o.metadata.name) }));
}

/**
 * Deletes a built cluster in order: its bundles first (their Applications
 * gone and what they deployed pruned, while the cluster answers), then its
 * definition as one commit, which removes its root Application and so its
 * Cluster API objects; the registration controller removes the ArgoCD
 * Secret and ArgoCD's credentials in the cluster last, once Cluster API has
 * begun the teardown. An external cluster is refused (409): that is
 * unregister. A cluster never registered (not built yet, or no management
 * cluster) has no bundles to wait for.
 */
export async function deleteCluster(
  request: ClusterRemovalRequest,
): Promise<FleetChangeResult> {
  const { name, definitions, managementClusters, write } = request;
  const { view } = await clusterDefinition(definitions, name, write.check);
  if (isExternal(view))
    throw new ConflictError(
      `Cluster "${name}" is external (imported): Arlon did not build it and does not delete it. Unregister it instead (POST /api/arlon/clusters/${name}/unregister), which removes its bundles and ArgoCD's access and deletes its definition`,
    );
  const registration = await findRegistration(managementClusters, name);
  if (registration) await removeBundlesFirst(registration, request.bundles);
  return commitOrRecord(registration, () =>
    definitions.write('delete', 'Cluster', name, undefined, write),
  );
}

/** A commit that fails after the bundles went leaves the reason on the Secret, where status shows it. */
export async function commitOrRecord<T>(
  registration: ClusterRegistration | undefined,
  commit: () => Promise<T>,
): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    if (registration)
      await recordDeletionProblem(
        registration,
        `its bundles were removed, but deleting its definition failed: ${
          (error as Error).message
        }; ask again`,
      ).catch(() => {});
    throw error;
  }
}
