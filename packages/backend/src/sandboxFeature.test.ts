import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import fs from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import arlonPlugin from '@arlon-backstage/plugin-arlon-backend';
import sandboxFeature from './sandboxFeature';

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise(resolve => server.close(resolve));
  return port;
}

/** GET /version from a Kubernetes API on loopback: its status, or the connection error's code. */
function kubernetesVersion(port: number): Promise<number | string> {
  return new Promise(resolve => {
    https
      .get(
        {
          host: '127.0.0.1',
          port,
          path: '/version',
          rejectUnauthorized: false, // the sandbox's certificate is made at start
          headers: { authorization: 'Bearer sandbox-token' },
        },
        res => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
      .on('error', error => resolve((error as NodeJS.ErrnoException).code!));
  });
}

describe('the sandbox in the backend', () => {
  let seed: string;
  beforeAll(async () => {
    seed = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-'));
    await fs.writeFile(path.join(seed, 'README.md'), 'fleet\n');
  });
  afterAll(() => fs.rm(seed, { recursive: true, force: true }));

  async function backendWith(enabled: boolean, apiServerPort: number) {
    return startTestBackend({
      features: [
        // The sandbox is a module of the arlon plugin: it starts with it.
        arlonPlugin,
        sandboxFeature,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              sandbox: {
                enabled,
                apiServerPort,
                gitPort: 0,
                token: 'sandbox-token',
                fleetSeedDir: seed,
              },
            },
          },
        }),
      ],
    });
  }

  it('is not loaded when arlon.sandbox.enabled is false: nothing listens', async () => {
    const port = await freePort();
    const backend = await backendWith(false, port);
    expect(await kubernetesVersion(port)).toBe('ECONNREFUSED');
    await backend.stop();
  });

  it('starts when arlon.sandbox.enabled is true, and answers as a Kubernetes API', async () => {
    const port = await freePort();
    const backend = await backendWith(true, port);
    expect(await kubernetesVersion(port)).toBe(200);
    await backend.stop();
  }, 60_000); // starting a management cluster and a Git server takes seconds
});
