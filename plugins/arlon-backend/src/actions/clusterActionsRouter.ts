import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  arlonClusterCreatePermission,
  arlonClusterUpdatePermission,
  arlonProfileApplyPermission,
  type ClusterApplicationsAction,
  type ClusterApplicationsResult,
  clusterImportRequestSchema,
  type ClusterImportResult,
  clusterUnregisterRequestSchema,
  DEFAULT_ARLON_OWNER,
  profileAssignmentRequestSchema,
  type ProfileAssignmentMode,
  type ProfileAssignmentResult,
  writeQuerySchema,
} from '@arlon-backstage/plugin-arlon-common';
import { InputError } from '@backstage/errors';
import {
  authorize,
  ClusterApplications,
  ClusterImports,
  ClusterOperations,
  decideOnDefinitions,
  FleetDefinitions,
  ManagementClusters,
  ProfileAssignments,
} from '@arlon-backstage/plugin-arlon-node';
import { clusterRemovalRoute } from '../definitions/clusterRemovalRoute';
import express from 'express';
import Router from 'express-promise-router';
import type { FleetStatus } from '../status/FleetStatus';
import { parseRequest } from '../http/parseRequest';
import { auditedWrite, authorOf } from './auditedWrite';

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
 * Actions on clusters over HTTP: apply or remove profiles for many clusters
 * in one commit (ProfileAssignments); import and unregister external
 * clusters (ClusterImports); sync, refresh, or update (when behind) a
 * cluster's applications (ClusterApplications). Each route reads its body
 * through the REST contract, asks the policy with the request's
 * credentials, calls the operation, and audits what happened; the
 * operations are the ones the scaffolder actions call.
 */
export function clusterActionsRouter(
  options: ClusterActionsOptions,
): express.Router {
  const { httpAuth, permissions, auditor, definitions, managementClusters } =
    options;
  const defaultOwner = options.defaultOwner ?? DEFAULT_ARLON_OWNER;
  const assignments = new ProfileAssignments(definitions, defaultOwner);
  const imports = new ClusterImports(definitions, managementClusters);
  const applications = new ClusterApplications(
    definitions,
    managementClusters,
    name => options.status.of(name),
    defaultOwner,
  );
  const router = Router();

  const profilesAction =
    (mode: ProfileAssignmentMode) =>
    async (req: express.Request, res: express.Response) => {
      const credentials = await httpAuth.credentials(req, { allow: ['user'] });
      const { profiles, clusters, selector } = req.body ?? {};
      const meta = {
        profiles: profiles ?? null,
        clusters: clusters ?? null,
        // A prefix: the selector is bounded (1 KB) but the audit log need not carry it all.
        selector: typeof selector === 'string' ? selector.slice(0, 64) : null,
      };
      await auditedWrite(
        auditor,
        req,
        res,
        { eventId: `profile-${mode}`, meta },
        async () => {
          // Checked on every target cluster (its owner), on the head the commit lands on.
          const decision = await decideOnDefinitions(
            permissions,
            arlonProfileApplyPermission,
            credentials,
          );
          decision.requireSome(`${mode} profiles`);
          const body = parseRequest(
            profileAssignmentRequestSchema,
            req.body ?? {},
          );
          const { dryRun } = parseRequest(writeQuerySchema, req.query);
          const result = await assignments[mode]({
            profiles: body.profiles,
            selection: body.clusters
              ? { clusters: body.clusters }
              : { selector: body.selector! },
            decision,
            sign: message => ({
              message: `${message}${requested(
                credentials.principal.userEntityRef,
              )}`,
              author: authorOf(credentials),
              dryRun,
            }),
          });
          const answer: ProfileAssignmentResult = {
            clusters: result.clusters,
            commit: result.commit,
            pullRequest: result.pullRequest,
            files: result.files.map(f => ({ path: f.path, action: f.action })),
          };
          return {
            meta: { commit: result.commit ?? null, clusters: result.clusters },
            body: answer,
          };
        },
      );
    };
  router.post('/profiles/apply', profilesAction('apply'));
  router.post('/profiles/remove', profilesAction('remove'));

  router.post('/clusters/import', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const { name, kubeconfig, argocdCluster } = req.body ?? {};
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
        // Import registers the cluster in ArgoCD before it commits: there is
        // no dry run (the template's preview checks without registering), and
        // one asked for must not be read as a real import.
        if (parseRequest(writeQuerySchema, req.query).dryRun)
          throw new InputError(
            'POST /clusters/import has no dry run: it checks the definition and the cluster before it registers anything; leave dryRun out to import',
          );
        const body = parseRequest(clusterImportRequestSchema, req.body ?? {});
        const author = authorOf(credentials);
        // Checked, registered, committed; taken back if the commit fails.
        const result = await imports.import({
          ...body,
          sign: message => ({
            message: `${message}${requested(author.name)}`,
            author,
          }),
        });
        const answer: ClusterImportResult = {
          name: body.name,
          server: result.server,
          commit: result.commit,
          pullRequest: result.pullRequest,
        };
        return {
          status: 201,
          meta: { commit: result.commit ?? null },
          body: answer,
        };
      },
    );
  });

  const applicationsAction =
    (action: ClusterApplicationsAction) =>
    async (req: express.Request, res: express.Response) => {
      const credentials = await httpAuth.credentials(req, { allow: ['user'] });
      const cluster = req.params.name;
      await auditedWrite(
        auditor,
        req,
        res,
        { eventId: `cluster-${action}`, meta: { cluster } },
        async () => {
          const patched = await applications.act(action, {
            cluster,
            decision: await decideOnDefinitions(
              permissions,
              arlonClusterUpdatePermission,
              credentials,
            ),
            initiatedBy: credentials.principal.userEntityRef,
          });
          const answer: ClusterApplicationsResult = {
            cluster,
            action,
            applications: patched,
          };
          return { meta: { applications: patched }, body: answer };
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
        const { kubeconfig } = parseRequest(clusterUnregisterRequestSchema, {
          kubeconfig: req.body?.kubeconfig,
        });
        return imports.unregister({ ...request, kubeconfig });
      },
    ),
  );
  router.post('/clusters/:name/sync', applicationsAction('sync'));
  router.post('/clusters/:name/refresh', applicationsAction('refresh'));
  router.post('/clusters/:name/update', applicationsAction('update'));
  return router;
}
