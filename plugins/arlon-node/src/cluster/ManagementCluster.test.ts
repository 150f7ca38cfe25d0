import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import { ManagementCluster } from './ManagementCluster';
import { ManagementClusterConfig } from '../config/readArlonConfig';

function cluster(partial: Partial<ManagementClusterConfig>) {
  return new ManagementCluster(
    {
      name: 'sandbox',
      url: 'http://127.0.0.1:1',
      skipTLSVerify: true, // the sandbox's certificate is self-signed
      argocdNamespace: 'argocd',
      ...partial,
    },
    2,
  );
}

/** A port nothing listens on: bind one, then close it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(r => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise(r => server.close(r));
  return port;
}

describe('ManagementCluster.probe', () => {
  let sandbox: Sandbox;
  let seed: string;

  beforeAll(async () => {
    seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
    await fs.writeFile(path.join(seed, 'README.md'), 'fleet\n');
    sandbox = await Sandbox.start({ token: 'good-token', fleetSeedDir: seed });
  });
  afterAll(async () => {
    await sandbox.stop();
    await fs.rm(seed, { recursive: true, force: true });
  });

  it('reports a reachable cluster with its Kubernetes version', async () => {
    const health = await cluster({
      url: sandbox.apiServer.url,
      serviceAccountToken: 'good-token',
    }).probe();
    expect(health).toMatchObject({
      name: 'sandbox',
      url: sandbox.apiServer.url,
      status: 'reachable',
      kubernetesVersion: 'v1.31.0-arlon-sandbox',
    });
    expect(health.problem).toBeUndefined();
  });

  it('explains a refused token, pointing at the config key, without echoing it', async () => {
    const health = await cluster({
      url: sandbox.apiServer.url,
      serviceAccountToken: 'stale-token',
    }).probe();
    expect(health.status).toBe('unreachable');
    expect(health.problem).toEqual({
      message: `management cluster "sandbox" at ${sandbox.apiServer.url} refused the credentials (HTTP 401)`,
      hint: 'Check arlon.managementClusters[2].serviceAccountToken: the token may be expired or belong to another cluster.',
    });
    expect(JSON.stringify(health)).not.toContain('stale-token');
  });

  it('asks for a token when none is configured and the server wants one', async () => {
    const health = await cluster({ url: sandbox.apiServer.url }).probe();
    expect(health.problem?.hint).toBe(
      'Set arlon.managementClusters[2].serviceAccountToken to a service account token of that cluster.',
    );
  });

  it('reports a refused connection', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const health = await cluster({ url }).probe();
    expect(health.status).toBe('unreachable');
    expect(health.problem?.message).toBe(
      `management cluster "sandbox" at ${url} refused the connection`,
    );
  });

  it('gives up on a server that never answers', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer(s => sockets.push(s)); // accepts, never replies
    await new Promise<void>(r => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    try {
      const health = await cluster({ url }).probe(300);
      expect(health.status).toBe('unreachable');
      expect(health.problem?.message).toBe(
        `management cluster "sandbox" at ${url} did not answer within 0.3 s`,
      );
    } finally {
      sockets.forEach(s => s.destroy());
      await new Promise(r => silent.close(r));
    }
  });
});
