import {
  HttpAuthService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import {
  FLEET_FORMAT_VERSION,
  type PortalVersion,
} from '@arlon-backstage/plugin-arlon-common';
import express from 'express';
import Router from 'express-promise-router';
import fs from 'node:fs';

const PACKAGE = '@arlon-backstage/plugin-arlon-backend';

/** This package's version, from its package.json (the same in the repository and an install). */
function packageVersion(): string {
  const file = resolvePackagePath(PACKAGE, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * GET /version: this backend's version and the fleet format its compiler
 * writes, so the CLI can warn about skew. Versions only: any signed-in user
 * or service may read it, no permission asked (docs/security.md).
 */
export function versionRouter(httpAuth: HttpAuthService): express.Router {
  const body: PortalVersion = {
    name: PACKAGE,
    version: packageVersion(),
    fleetFormatVersion: FLEET_FORMAT_VERSION,
  };
  const router = Router();
  router.get('/version', async (req, res) => {
    await httpAuth.credentials(req, { allow: ['user', 'service'] });
    res.json(body);
  });
  return router;
}
