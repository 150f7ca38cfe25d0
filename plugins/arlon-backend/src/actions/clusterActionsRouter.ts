import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import {
  arlonClusterCreatePermission,
  arlonClusterUpdatePermission,
  arlonProfileApplyPermission,
  arlonResourceOf,
  arlonResourceOfView,
  DEFAULT_ARLON_OWNER,
  definitionViews,
} from '@arlon-backstage/plugin-arlon-common';
import {
  assignProfiles,
  ClusterOperations,
  FleetDefinitions,
  ManagementClusters,
  importCluster,
  unregisterCluster,
} from '@arlon-backstage/plugin-arlon-node';
import { clusterRemovalRoute } from '../definitions/clusterRemovalRoute';
import express from 'express';
import Router from 'express-promise-router';
import type { FleetStatus } from '../status/FleetStatus';
import { auditedWrite, authorOf } from './auditedWrite';
import {
  authorize,
  decideOnDefinitions,
} from '@arlon-backstage/plugin-arlon-node';

export interface ClusterActionsOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  auditor: AuditorService;
  definitions: FleetDefinitions;
  managementClusters: ManagementClusters;
  status: FleetStatus;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
  /** Deletions and unregistrations under way in this process (shared with DELETE). */
  clusterOperations?: ClusterOperations;
}

const requested = (user: string) =>
  `\n\nRequested by ${user} through Arlon for Backstage.`;

/**
 * Actions on clusters: apply or remove profiles for many clusters in one
 * commit; import external clusters; sync, refresh, or update (when behind) a
 * cluster's applications.
 */
export function clusterActionsRouter(
  options: ClusterActionsOptions,
): express.Router {
  const {
    httpAuth,
    permissions,
    auditor,
    definitions,
    managementClusters,
    status,
  } = options;
  const defaultOwner = options.defaultOwner ?? DEFAULT_ARLON_OWNER;
  const router = Router();

  const profilesAction =
    (mode: 'apply' | 'remove') =>
    async (req: express.Request, res: express.Response) => {
      const credentials = await httpAuth.credentials(req, { allow: ['user'] });
      const { profiles, clusters, selector } = req.body ?? {};
      await auditedWrite(
        auditor,
        req,
        res,
        {
          eventId: `profile-${mode}`,
          meta: {
            profiles: profiles ?? null,
            clusters: clusters ?? null,
            // A prefix: the selector is bounded (1 KB) but the audit log need not carry it all.
            selector:
              typeof selector === 'string' ? selector.slice(0, 64) : null,
          },
        },
        async () => {
          // Checked on every target cluster (its owner), on the head the commit lands on.
          const apply = await decideOnDefinitions(
            permissions,
            arlonProfileApplyPermission,
            credentials,
          );
          apply.requireSome(`${mode} profiles`);
          if (
            !Array.isArray(profiles) ||
            profiles.length === 0 ||
            !profiles.every((p: unknown) => typeof p === 'string')
          ) {
            throw new InputError(
              'Send "profiles": a non-empty list of profile names',
            );
          }
          if ((clusters === undefined) === (selector === undefined)) {
            throw new InputError(
              'Send either "clusters" (a list of names) or "selector" (a label selector such as env=prod), not both',
            );
          }
          const result = await definitions.change(
            {
              message: `${mode === 'apply' ? 'Apply' : 'Remove'} profile${
                profiles.length > 1 ? 's' : ''
              } ${profiles.join(', ')} ${
                mode === 'apply' ? 'to' : 'from'
              } clusters${requested(credentials.principal.userEntityRef)}`,
              author: authorOf(credentials),
              dryRun: req.query.dryRun === 'true',
            },
            files => {
              const { edit, clusters: matched } = assignProfiles(
                files,
                mode,
                profiles,
                Array.isArray(clusters)
                  ? { clusters }
                  : { selector: String(selector) },
              );
              apply.require(
                definitionViews(files)
                  .filter(v => v.kind === 'Cluster' && matched.includes(v.name))
                  .map(v => arlonResourceOfView(v, defaultOwner)),
                `${mode} profiles on these clusters`,
              );
              return { edits: [edit], value: matched };
            },
          );
          const targets = result.value;
          return {
            meta: { commit: result.commit ?? null, clusters: targets },
            body: {
              clusters: targets,
              commit: result.commit,
              pullRequest: result.pullRequest,
              files: result.files.map(f => ({
                path: f.path,
                action: f.action,
              })),
            },
          };
        },
      );
    };
  router.post('/profiles/apply', profilesAction('apply'));
  router.post('/profiles/remove', profilesAction('remove'));

  router.post('/clusters/import', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const {
      name,
      kubeconfig,
      argocdCluster,
      profiles = [],
      managementCluster,
    } = req.body ?? {};
    // The kubeconfig is a credential: it never reaches the audit log, Git or a response.
    const meta = {
      name: name ?? null,
      argocdCluster: argocdCluster ?? null,
      fromKubeconfig: !!kubeconfig,
    };
    await auditedWrite(
      auditor,
      req,
      res,
      { eventId: 'cluster-import', meta },
      async () => {
        await authorize(
          permissions,
          arlonClusterCreatePermission,
          credentials,
          'import clusters',
        );
        if (typeof name !== 'string' || !name)
          throw new InputError(
            'Send "name": the name the cluster gets in the fleet',
          );
        if (!kubeconfig === !argocdCluster)
          throw new InputError(
            'Send either "kubeconfig" (YAML text) or "argocdCluster" (a cluster ArgoCD already knows)',
          );
        if (!Array.isArray(profiles))
          throw new InputError('"profiles" must be a list of profile names');
        const management = managementClusters.get(
          managementCluster ?? managementClusters.list()[0]?.name,
        );
        const author = authorOf(credentials);
        // importCluster: checked, registered, committed; taken back if the commit fails.
        const { server, result } = await importCluster({
          management,
          request: { name, profiles, kubeconfig, argocdCluster },
          check: edits => definitions.check({}, edits),
          commit: (_server, edits) =>
            definitions.change(
              {
                message: `Import Cluster ${name}${requested(author.name)}`,
                author,
              },
              edits,
            ),
        });
        return {
          status: 201,
          meta: { commit: result.commit ?? null },
          body: {
            name,
            server,
            commit: result.commit,
            pullRequest: result.pullRequest,
          },
        };
      },
    );
  });

  const applicationsAction =
    (action: 'sync' | 'refresh' | 'update') =>
    async (req: express.Request, res: express.Response) => {
      const credentials = await httpAuth.credentials(req, { allow: ['user'] });
      const name = req.params.name;
      await auditedWrite(
        auditor,
        req,
        res,
        { eventId: `cluster-${action}`, meta: { cluster: name } },
        async () => {
          const update = await decideOnDefinitions(
            permissions,
            arlonClusterUpdatePermission,
            credentials,
          );
          update.requireSome(`${action} clusters`);
          // The owner is the definition's; a cluster only ArgoCD knows has the default owner.
          const { files } = await definitions.read();
          const view = definitionViews(files).find(
            v => v.kind === 'Cluster' && v.name === name,
          );
          update.require(
            [
              view
                ? arlonResourceOfView(view, defaultOwner)
                : arlonResourceOf(
                    { kind: 'Cluster', metadata: { name } },
                    defaultOwner,
                  ),
            ],
            `${action} this cluster`,
          );
          const live = status.of(name);
          const apps = live
            ? [
                ...(live.root ? [{ name, sync: live.root.sync }] : []),
                ...live.applications,
              ]
            : [];
          if (!live || apps.length === 0)
            throw new NotFoundError(
              `No ArgoCD applications for cluster "${name}" yet`,
            );
          // `update` brings a cluster that is behind up to date: only what is out of sync.
          const targets =
            action === 'update'
              ? apps.filter(a => a.sync === 'OutOfSync')
              : apps;
          const cluster = managementClusters.get(live.managementCluster);
          const custom = cluster.kubeConfig.makeApiClient(CustomObjectsApi);
          const body =
            action === 'refresh'
              ? {
                  metadata: {
                    annotations: { 'argocd.argoproj.io/refresh': 'normal' },
                  },
                }
              : {
                  operation: {
                    initiatedBy: {
                      username: credentials.principal.userEntityRef,
                    },
                    sync: { prune: true },
                  },
                };
          for (const app of targets) {
            await custom.patchNamespacedCustomObject(
              {
                group: 'argoproj.io',
                version: 'v1alpha1',
                namespace: cluster.argocdNamespace,
                plural: 'applications',
                name: app.name,
                body,
              },
              setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
            );
          }
          return {
            meta: { applications: targets.map(t => t.name) },
            body: {
              cluster: name,
              action,
              applications: targets.map(t => t.name),
            },
          };
        },
      );
    };
  // An external cluster leaves the fleet in order: bundles, ArgoCD's access, its Secret, its definition.
  router.post(
    '/clusters/:name/unregister',
    clusterRemovalRoute(
      {
        ...options,
        defaultOwner,
        operations: options.clusterOperations ?? new ClusterOperations(),
      },
      'unregister',
      (request, req) => {
        const kubeconfig = req.body?.kubeconfig;
        if (kubeconfig !== undefined && typeof kubeconfig !== 'string')
          throw new InputError(
            '"kubeconfig" must be YAML text (optional: an admin kubeconfig of the cluster, used once to remove ArgoCD\'s account there)',
          );
        return unregisterCluster({ ...request, kubeconfig });
      },
    ),
  );
  router.post('/clusters/:name/sync', applicationsAction('sync'));
  router.post('/clusters/:name/refresh', applicationsAction('refresh'));
  router.post('/clusters/:name/update', applicationsAction('update'));
  return router;
}
