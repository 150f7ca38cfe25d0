import { JsonValue } from '@backstage/types';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import type { FleetHealth } from '@arlon-backstage/plugin-arlon-common';
import request from 'supertest';
import { arlonPlugin } from './plugin';

async function backendWith(arlon: JsonValue | undefined) {
  const { server } = await startTestBackend({
    features: [
      arlonPlugin,
      mockServices.rootConfig.factory({ data: { arlon } }),
    ],
  });
  return server;
}

describe('GET /api/arlon/health', () => {
  let sandbox: Sandbox;
  let seed: string;

  beforeAll(async () => {
    seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
    await fs.writeFile(path.join(seed, 'README.md'), 'fleet\n');
    sandbox = await Sandbox.start({
      token: 'sandbox-token',
      fleetSeedDir: seed,
    });
  });
  afterAll(async () => {
    await sandbox.stop();
    await fs.rm(seed, { recursive: true, force: true });
  });

  it('reports each management cluster and the fleet repository as reachable', async () => {
    const server = await backendWith({
      fleetRepo: { url: sandbox.fleetRepoUrl },
      managementClusters: [
        {
          name: 'sandbox',
          url: sandbox.apiServer.url,
          serviceAccountToken: 'sandbox-token',
          skipTLSVerify: true,
        },
      ],
    });
    const res = await request(server).get('/api/arlon/health');
    expect(res.status).toBe(200);
    const body: FleetHealth = res.body;
    expect(body.managementClusters).toEqual([
      expect.objectContaining({
        name: 'sandbox',
        status: 'reachable',
        kubernetesVersion: 'v1.31.0-arlon-sandbox',
      }),
    ]);
    expect(body.fleetRepository).toMatchObject({
      status: 'reachable',
      url: sandbox.fleetRepoUrl,
      branch: 'main',
      headCommit: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
    expect(JSON.stringify(body)).not.toContain('sandbox-token');
  });

  it('says "not configured" honestly when nothing is configured', async () => {
    const server = await backendWith(undefined);
    const res = await request(server).get('/api/arlon/health');
    expect(res.status).toBe(200);
    expect(res.body.managementClusters).toEqual([]);
    expect(res.body.fleetRepository).toEqual({ status: 'notConfigured' });
  });

  it('reports one unreachable cluster beside a reachable one, with a reason', async () => {
    const server = await backendWith({
      managementClusters: [
        {
          name: 'good',
          url: sandbox.apiServer.url,
          serviceAccountToken: 'sandbox-token',
          skipTLSVerify: true,
        },
        {
          name: 'stale',
          url: sandbox.apiServer.url,
          serviceAccountToken: 'expired-token',
          skipTLSVerify: true,
        },
      ],
    });
    const res = await request(server).get('/api/arlon/health');
    const [good, stale] = res.body.managementClusters;
    expect(good.status).toBe('reachable');
    expect(stale).toMatchObject({
      name: 'stale',
      status: 'unreachable',
      problem: {
        message: expect.stringContaining('refused the credentials (HTTP 401)'),
        hint: expect.stringContaining(
          'arlon.managementClusters[1].serviceAccountToken',
        ),
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('expired-token');
  });

  it('refuses a request without credentials with 401', async () => {
    const server = await backendWith(undefined);
    const res = await request(server)
      .get('/api/arlon/health')
      .set('Authorization', mockCredentials.none.header());
    expect(res.status).toBe(401);
  });

  it('fails at start-up, naming the key, when the config is wrong', async () => {
    await expect(
      backendWith({ managementClusters: [{ name: 'x', url: 'nope' }] }),
    ).rejects.toThrow('arlon.managementClusters[0].url "nope" is not a URL');
  });
});
