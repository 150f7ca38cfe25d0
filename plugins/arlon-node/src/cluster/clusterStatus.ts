import {
  type ClusterStatus,
  clusterDeletionOf,
} from '@arlon-backstage/plugin-arlon-common';
import type { V1Secret } from '@kubernetes/client-node';
import type { CustomObject, FleetInformers } from './FleetInformers';
import { controlPlaneVersionsOf } from './controlPlaneVersions';

export type { ClusterStatus };

/** The live objects of one management cluster that statuses are computed from. */
export interface LiveObjects {
  managementCluster: string;
  capiClusters: readonly CustomObject[];
  applications: readonly CustomObject[];
  argocdClusterSecrets: readonly V1Secret[];
}

/** Pure: the status of cluster `name` from the live objects of one management cluster. */
export function clusterStatus(name: string, live: LiveObjects): ClusterStatus {
  const capi = live.capiClusters.find(
    c => c.metadata?.name === name && c.metadata?.namespace === name,
  );
  const secret = live.argocdClusterSecrets.find(
    s =>
      s.metadata?.labels?.['arlon.io/cluster'] === name ||
      s.metadata?.name === `cluster-${name}`,
  );
  const registered = !!secret;
  // The API server URL ArgoCD uses (not a credential: the token stays in `config`).
  const server =
    secret?.data?.server &&
    Buffer.from(secret.data.server, 'base64').toString('utf8');
  const view = (app: CustomObject) => ({
    name: app.metadata!.name!,
    bundle: app.metadata?.labels?.['arlon.io/bundle'],
    profile: app.metadata?.labels?.['arlon.io/profile'],
    sync: app.status?.sync?.status ?? 'Unknown',
    health: app.status?.health?.status ?? 'Unknown',
    automated: !!app.spec?.syncPolicy?.automated,
    message: app.status?.conditions?.[0]?.message,
  });
  const rootApp = live.applications.find(
    a =>
      a.metadata?.name === name &&
      a.metadata?.labels?.['arlon.io/kind'] === 'cluster',
  );
  const applications = live.applications
    .filter(
      a => a.metadata?.labels?.['arlon.io/cluster'] === name && a !== rootApp,
    )
    .map(view);
  const root = rootApp && view(rootApp);

  const behindReasons: string[] = [];
  if (root && !root.automated && root.sync === 'OutOfSync')
    behindReasons.push(
      'its cluster spec changed; the change waits for an update (manual policy)',
    );
  for (const app of applications) {
    if (!app.automated && app.sync === 'OutOfSync')
      behindReasons.push(
        `bundle ${app.bundle ?? app.name} of profile ${
          app.profile ?? '?'
        } changed; it waits for an update (manual policy)`,
      );
  }

  const deletion = clusterDeletionOf({
    secretAnnotations: secret?.metadata?.annotations,
    bundlesLeft: live.applications.filter(
      a =>
        a.metadata?.labels?.['arlon.io/cluster'] === name &&
        a.metadata?.labels?.['arlon.io/kind'] === 'bundle',
    ).length,
    capiDeleting: !!capi?.metadata?.deletionTimestamp,
  });

  const controlPlaneVersions = controlPlaneVersionsOf(capi?.status);

  let registration: ClusterStatus['registration'] = 'notBuilt';
  if (registered) registration = 'registered';
  else if (capi) registration = 'waitingForProvisioning';

  return {
    managementCluster: live.managementCluster,
    ...(capi
      ? {
          capi: {
            phase: capi.status?.phase,
            conditions: capi.status?.conditions ?? [],
            ...(controlPlaneVersions ? { controlPlaneVersions } : {}),
          },
        }
      : {}),
    registration,
    ...(server ? { server } : {}),
    ...(root
      ? {
          root: {
            sync: root.sync,
            health: root.health,
            automated: root.automated,
          },
        }
      : {}),
    applications,
    behind: behindReasons.length > 0,
    behindReasons,
    ...(deletion ? { deletion } : {}),
  };
}

/** A cluster's status on whichever management cluster knows it (from their informers), if any does. */
export function findClusterStatus(
  name: string,
  clusters: Array<{ name: string; informers(): FleetInformers }>,
): ClusterStatus | undefined {
  let fallback: ClusterStatus | undefined;
  for (const cluster of clusters) {
    const i = cluster.informers();
    const status = clusterStatus(name, {
      managementCluster: cluster.name,
      capiClusters: i.capiClusters.list(),
      applications: i.applications.list(),
      argocdClusterSecrets: i.argocdClusterSecrets.list(),
    });
    if (
      status.capi ||
      status.root ||
      status.registration === 'registered' ||
      status.applications.length
    )
      return status;
    fallback ??= status;
  }
  return fallback;
}
