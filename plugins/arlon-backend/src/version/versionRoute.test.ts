import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { FLEET_FORMAT_VERSION } from '@arlon-backstage/plugin-arlon-common';
import request from 'supertest';
import packageJson from '../../package.json';
import { arlonPlugin } from '../plugin';

async function backend() {
  const { server } = await startTestBackend({
    features: [arlonPlugin, mockServices.rootConfig.factory({ data: {} })],
  });
  return server;
}

describe('GET /api/arlon/version', () => {
  it("answers this package's version and the fleet format its compiler writes, to any signed-in user", async () => {
    const server = await backend();
    const res = await request(server)
      .get('/api/arlon/version')
      .set('Authorization', mockCredentials.user.header('user:default/anyone'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: '@arlon-backstage/plugin-arlon-backend',
      version: packageJson.version,
      fleetFormatVersion: FLEET_FORMAT_VERSION,
    });
  });

  it('answers a service (a CI job with a static token) too', async () => {
    const server = await backend();
    const res = await request(server)
      .get('/api/arlon/version')
      .set('Authorization', mockCredentials.service.header());
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(packageJson.version);
  });
});
