import { NotFoundError } from '@backstage/errors';
import {
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import {
  arlonResourceOf,
  arlonResourceOfView,
  type ClusterStatus,
  DEFAULT_ARLON_OWNER,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import type { FleetDefinitions } from '../fleet/FleetDefinitions';
import type { ManagementClusters } from '../cluster/ManagementClusters';
import type { DefinitionDecision } from '../permissions/authorizeDefinitions';

/**
 * What can be asked of a cluster's ArgoCD Applications: sync them, refresh
 * them (compare again with Git), or update a cluster that is behind (sync
 * only what is out of sync).
 *
 * @public
 */
export type ApplicationsAction = 'sync' | 'refresh' | 'update';

/**
 * One action on one cluster's Applications, by whom.
 *
 * @public
 */
export interface ApplicationsRequest {
  /** The cluster, by its name in the fleet. */
  cluster: string;
  /** The caller's decision on arlon.cluster.update, checked here on the cluster's owner. */
  decision: DefinitionDecision;
  /** Who asked: ArgoCD records it as the sync operation's initiator. */
  initiatedBy: string;
}

/**
 * The ArgoCD Application patch of an action: a refresh annotation, or a
 * sync operation (pruning) initiated by the user.
 */
export function applicationPatch(
  action: ApplicationsAction,
  initiatedBy: string,
): object {
  if (action === 'refresh')
    return {
      metadata: { annotations: { 'argocd.argoproj.io/refresh': 'normal' } },
    };
  return {
    operation: {
      initiatedBy: { username: initiatedBy },
      sync: { prune: true },
    },
  };
}

/**
 * The Applications an action patches: the cluster's root Application (when
 * it has one) and its bundles'; `update` only those out of sync.
 */
export function applicationsFor(
  action: ApplicationsAction,
  cluster: string,
  live: ClusterStatus,
): string[] {
  const apps = [
    ...(live.root ? [{ name: cluster, sync: live.root.sync }] : []),
    ...live.applications,
  ];
  return (
    action === 'update' ? apps.filter(a => a.sync === 'OutOfSync') : apps
  ).map(a => a.name);
}

/**
 * Sync, refresh and update of a cluster's ArgoCD Applications: the one
 * operation POST /clusters/:name/sync|refresh|update calls. Permission
 * arlon.cluster.update on the cluster's owner (the definition's; a cluster
 * only ArgoCD knows has the default owner), then one merge patch per
 * Application on the management cluster whose ArgoCD has them.
 *
 * @public
 */
export class ClusterApplications {
  constructor(
    private readonly definitions: FleetDefinitions,
    private readonly managementClusters: ManagementClusters,
    /** A cluster's live status (the informers' view): its Applications and where they are. */
    private readonly statusOf: (cluster: string) => ClusterStatus | undefined,
    private readonly defaultOwner: string = DEFAULT_ARLON_OWNER,
  ) {}

  /** Syncs every Application of the cluster (pruning), as the user. */
  sync(request: ApplicationsRequest): Promise<string[]> {
    return this.act('sync', request);
  }

  /** Asks ArgoCD to compare every Application of the cluster with Git again. */
  refresh(request: ApplicationsRequest): Promise<string[]> {
    return this.act('refresh', request);
  }

  /** Syncs only the Applications out of sync: a cluster that is behind brought up to date. */
  update(request: ApplicationsRequest): Promise<string[]> {
    return this.act('update', request);
  }

  /** Checks, patches, and returns the names of the Applications patched. */
  async act(
    action: ApplicationsAction,
    request: ApplicationsRequest,
  ): Promise<string[]> {
    const { cluster: name, decision } = request;
    decision.requireSome(`${action} clusters`);
    const { files } = await this.definitions.read();
    const view = definitionViews(files).find(
      v => v.kind === 'Cluster' && v.name === name,
    );
    decision.require(
      [
        view
          ? arlonResourceOfView(view, this.defaultOwner)
          : arlonResourceOf(
              { kind: 'Cluster', metadata: { name } },
              this.defaultOwner,
            ),
      ],
      `${action} this cluster`,
    );
    const live = this.statusOf(name);
    if (!live || applicationsFor('sync', name, live).length === 0)
      throw new NotFoundError(
        `No ArgoCD applications for cluster "${name}" yet`,
      );
    const targets = applicationsFor(action, name, live);
    const management = this.managementClusters.get(live.managementCluster);
    const custom = management.kubeConfig.makeApiClient(CustomObjectsApi);
    const body = applicationPatch(action, request.initiatedBy);
    for (const app of targets) {
      await custom.patchNamespacedCustomObject(
        {
          group: 'argoproj.io',
          version: 'v1alpha1',
          namespace: management.argocdNamespace,
          plural: 'applications',
          name: app,
          body,
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
    }
    return targets;
  }
}
