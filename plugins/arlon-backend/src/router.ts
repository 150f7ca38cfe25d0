import {
  AuditorService,
  HttpAuthService,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  arlonDefinitionReadPermission,
  arlonFleetAdminPermission,
  arlonFleetReadPermission,
  bootstrapQuerySchema,
  type BootstrapResponse,
  DEFAULT_ARLON_OWNER,
  type HealthResponse,
  type VerifyResponse,
} from '@arlon-backstage/plugin-arlon-common';
import type {
  ArlonLimits,
  FleetRepository,
  ManagementClusters,
} from '@arlon-backstage/plugin-arlon-node';
import express from 'express';
import Router from 'express-promise-router';
import { auditedWrite } from './actions/auditedWrite';
import { parseRequest } from './http/parseRequest';
import {
  authorize,
  decideOnDefinitions,
  ClusterOperations,
  ServedClusterKinds,
} from '@arlon-backstage/plugin-arlon-node';
import { clusterActionsRouter } from './actions/clusterActionsRouter';
import {
  applyBootstrap,
  RepositoryCredentialsSource,
} from './bootstrap/applyBootstrap';
import { BODY_LIMIT, definitionsRouter } from './definitions/definitionsRouter';
import {
  FleetDefinitions,
  WorkloadClusters,
} from '@arlon-backstage/plugin-arlon-node';
import { checkFleetHealth } from './health/checkFleetHealth';
import type { FleetStatus } from './status/FleetStatus';
import { verifyManagementCluster } from './verify/verifyManagementCluster';
import { versionRouter } from './version/versionRoute';
import { visibleHeld } from './verify/visibleHeld';
import { diffRouter } from './diff/diffRouter';
import { forbiddenAsNotAllowed } from './kubernetesForbidden';
import { DiffReportStore } from './diff/DiffReportStore';
import { DiffService } from './diff/DiffService';

export interface RouterOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  auditor: AuditorService;
  managementClusters: ManagementClusters;
  fleetRepository: FleetRepository;
  status: FleetStatus;
  reports: DiffReportStore;
  /** Owner of definitions that name none (the catalog's `defaultOwner`): what owner checks see. */
  defaultOwner?: string;
  /** Report size, quota and diff fan-out (arlon.limits); the defaults when absent. */
  limits?: ArlonLimits;
  /** Where operations that outlive their request (cluster deletions) report failures. */
  logger?: LoggerService;
  /** ArgoCD's credentials for the fleet repository, for bootstrap (the configured integration's). */
  repositoryCredentials?: RepositoryCredentialsSource;
}

export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const { httpAuth, permissions, managementClusters, fleetRepository } =
    options;
  const router = Router();
  // Before the definitions' smaller body limit: reports are large.
  router.use(
    diffRouter({
      ...options,
      diff: new DiffService(
        fleetRepository,
        new WorkloadClusters(managementClusters),
        undefined,
        options.limits,
      ),
    }),
  );
  router.use(express.json({ limit: BODY_LIMIT }));
  router.use(versionRouter(httpAuth));

  router.get('/health', async (req, res) => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    await authorize(
      permissions,
      arlonFleetReadPermission,
      credentials,
      "read the fleet's health",
    );
    const health: HealthResponse = await checkFleetHealth(
      managementClusters,
      fleetRepository,
    );
    res.json(health);
  });

  router.get('/verify', async (req, res) => {
    const credentials = await httpAuth.credentials(req);
    await authorize(
      permissions,
      arlonFleetReadPermission,
      credentials,
      'read the management clusters checks',
    );
    const [checks, lastKnownGood] = await Promise.all([
      Promise.all(managementClusters.list().map(verifyManagementCluster)),
      // Definitions held at last known good, those the caller may read.
      decideOnDefinitions(
        permissions,
        arlonDefinitionReadPermission,
        credentials,
      ).then(read =>
        visibleHeld(
          fleetRepository,
          read,
          options.defaultOwner ?? DEFAULT_ARLON_OWNER,
        ),
      ),
    ]);
    const body: VerifyResponse = { managementClusters: checks, lastKnownGood };
    res.json(body);
  });

  router.post('/bootstrap', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const query = parseRequest(bootstrapQuerySchema, req.query);
    const dryRun = query.dryRun;
    const name = query.cluster ?? managementClusters.list()[0]?.name;
    await auditedWrite(
      options.auditor,
      req,
      res,
      { eventId: 'bootstrap', meta: { managementCluster: name ?? null } },
      async () => {
        await authorize(
          permissions,
          arlonFleetAdminPermission,
          credentials,
          'bootstrap a management cluster',
        );
        if (!name)
          throw new NotFoundError(
            'No management cluster is configured (arlon.managementClusters)',
          );
        const result = await applyBootstrap(
          fleetRepository,
          managementClusters.get(name),
          {
            credentials: options.repositoryCredentials,
            dryRun,
            // Each management cluster builds only the clusters placed on it.
            tree: managementClusters.treeOf(name),
          },
        );
        const ref = (s: (typeof result.steps)[number]) => ({
          kind: s.kind,
          name: s.name,
          namespace: s.namespace,
        });
        const body: BootstrapResponse = {
          managementCluster: name,
          dryRun,
          checks: result.checks,
          // What changed (would change, on a dry run); empty on a second run.
          applied: result.steps.filter(s => s.action !== 'unchanged').map(ref),
          unchanged: result.steps
            .filter(s => s.action === 'unchanged')
            .map(ref),
          // On a dry run: exactly what would be applied, Secret values redacted.
          ...(dryRun ? { objects: result.steps.map(s => s.object) } : {}),
        };
        return { meta: { dryRun, changed: result.applied }, body };
      },
    );
  });

  const servedKinds = new ServedClusterKinds(managementClusters);
  const definitions = new FleetDefinitions(
    fleetRepository,
    () => servedKinds.current(),
    managementClusters.placementNames(),
  );
  // Deletions and unregistrations outlive their request: one per cluster at a time.
  const clusterOperations = new ClusterOperations((cluster, error) =>
    options.logger?.warn(
      `Removing cluster ${cluster} stopped: ${error.message}`,
    ),
  );
  router.use(
    clusterActionsRouter({ ...options, definitions, clusterOperations }),
  );
  router.use(definitionsRouter({ ...options, definitions, clusterOperations }));
  // A Kubernetes 403 reaches the user as a 403 naming the missing permission.
  router.use(
    (
      error: unknown,
      _req: express.Request,
      _res: express.Response,
      next: express.NextFunction,
    ) => next(forbiddenAsNotAllowed(error)),
  );
  return router;
}
