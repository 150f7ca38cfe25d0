import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type {
  FleetRepository,
  ManagementClusters,
} from '@internal/backstage-plugin-arlon-node';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { arlonDefinitionWritePermission } from '@internal/backstage-plugin-arlon-common';
import express from 'express';
import { applyBootstrap } from './bootstrap/applyBootstrap';
import Router from 'express-promise-router';
import { definitionsRouter, BODY_LIMIT } from './definitions/definitionsRouter';
import { FleetDefinitions } from './definitions/FleetDefinitions';
import { checkFleetHealth } from './health/checkFleetHealth';

export interface RouterOptions {
  httpAuth: HttpAuthService;
  permissions: PermissionsService;
  auditor: AuditorService;
  managementClusters: ManagementClusters;
  fleetRepository: FleetRepository;
  /** Called after every commit to the fleet repository. */
  onWrite?: () => void;
}

export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const { httpAuth, managementClusters, fleetRepository } = options;
  const router = Router();
  router.use(express.json({ limit: BODY_LIMIT }));

  router.get('/health', async (req, res) => {
    await httpAuth.credentials(req, { allow: ['user', 'service'] });
    res.json(await checkFleetHealth(managementClusters, fleetRepository));
  });

  router.post('/bootstrap', async (req, res) => {
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const [decision] = await options.permissions.authorize(
      [{ permission: arlonDefinitionWritePermission }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        'You may not bootstrap a management cluster (permission arlon.definition.write)',
      );
    }
    const name =
      typeof req.query.cluster === 'string'
        ? req.query.cluster
        : managementClusters.list()[0]?.name;
    if (!name)
      throw new NotFoundError(
        'No management cluster is configured (arlon.managementClusters)',
      );
    const applied = await applyBootstrap(
      fleetRepository,
      managementClusters.get(name),
    );
    res.json({
      managementCluster: name,
      applied: applied.map(o => ({
        kind: o.kind,
        name: o.metadata?.name,
        namespace: o.metadata?.namespace,
      })),
    });
  });

  router.use(
    definitionsRouter({
      ...options,
      definitions: new FleetDefinitions(fleetRepository, options.onWrite),
    }),
  );
  return router;
}
