import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

async function backend() {
  const { server } = await startTestBackend({
    features: [arlonPlugin, mockServices.rootConfig.factory({ data: {} })],
  });
  return server;
}

describe('GET /api/arlon/version, hostile', () => {
  it('refuses a request without credentials with 401 and no versions', async () => {
    const server = await backend();
    const res = await request(server)
      .get('/api/arlon/version')
      .set('Authorization', mockCredentials.none.header());
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('fleetFormatVersion');
  });

  it('refuses a forged token with 401', async () => {
    const server = await backend();
    const res = await request(server)
      .get('/api/arlon/version')
      .set('Authorization', 'Bearer not-a-token');
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toContain('fleetFormatVersion');
  });
});
