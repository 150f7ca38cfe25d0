import {
  AuditorService,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type {
  FleetRepository,
  ManagementClusters,
} from '@internal/backstage-plugin-arlon-node';
import express from 'express';
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

  router.use(
    definitionsRouter({
      ...options,
      definitions: new FleetDefinitions(fleetRepository),
    }),
  );
  return router;
}
