import { HttpAuthService } from '@backstage/backend-plugin-api';
import type {
  FleetRepository,
  ManagementClusters,
} from '@internal/backstage-plugin-arlon-node';
import express from 'express';
import Router from 'express-promise-router';
import { checkFleetHealth } from './health/checkFleetHealth';

export interface RouterOptions {
  httpAuth: HttpAuthService;
  managementClusters: ManagementClusters;
  fleetRepository: FleetRepository;
}

export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  const { httpAuth, managementClusters, fleetRepository } = options;
  const router = Router();
  router.use(express.json({ limit: '1mb' }));

  router.get('/health', async (req, res) => {
    await httpAuth.credentials(req, { allow: ['user', 'service'] });
    res.json(await checkFleetHealth(managementClusters, fleetRepository));
  });

  return router;
}
