import {
  ApiException,
  createConfiguration,
  HttpMethod,
  KubeConfig,
  RequestContext,
  ServerConfiguration,
} from '@kubernetes/client-node';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import { requestJson } from './jsonRequest';
import { AUTHENTICATION_REUSE_MS, authenticate } from './requestAuthentication';
import { limitRequestTime } from '../connection/requestTimeout';
import { configurationOf } from './jsonClient';

/** Counts how often client-node authenticates a request through `kc`. */
function countAuthentications(kc: KubeConfig) {
  const counter = { count: 0 };
  const authenticateRequest = kc.applySecurityAuthentication.bind(kc);
  kc.applySecurityAuthentication = async context => {
    counter.count++;
    await authenticateRequest(context);
  };
  return counter;
}

const listConfigMaps = { method: HttpMethod.GET, path: '/api/v1/configmaps' };

describe('requestJson reuses an authentication for a few seconds', () => {
  let server: KubeApiServer;
  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
  });
  afterAll(() => server.stop());

  it('authenticates once for the requests of the reuse window, and afresh after it', async () => {
    const kc = kubeConfigFor(server.url, 't', server.caData);
    const authentications = countAuthentications(kc);
    const configuration = configurationOf(kc);

    await Promise.all(
      Array.from({ length: 20 }, () =>
        requestJson(configuration, listConfigMaps),
      ),
    );
    expect(authentications.count).toBe(1);

    const later = configuration.baseServer.makeRequestContext(
      '/api',
      HttpMethod.GET,
    );
    await authenticate(
      configuration,
      later,
      Date.now() + AUTHENTICATION_REUSE_MS + 1,
    );
    expect(authentications.count).toBe(2);
    expect(later.getHeaders().Authorization).toBe('Bearer t');
  });

  it('forgets the credentials the server refused: the next request carries the refreshed token', async () => {
    const kc = kubeConfigFor(server.url, 'expired', server.caData);
    const configuration = configurationOf(kc);
    const refused = requestJson(configuration, listConfigMaps);
    await expect(refused).rejects.toBeInstanceOf(ApiException);
    await expect(refused).rejects.toMatchObject({ code: 401 });

    // What an authenticator's refresh does (client-node's OIDC and cloud providers).
    (kc.getCurrentUser() as { token?: string }).token = 't';
    await expect(requestJson(configuration, listConfigMaps)).resolves.toEqual(
      expect.objectContaining({ kind: 'ConfigMapList' }),
    );
  });

  it('gives each request a deadline of its own, not the first one', async () => {
    const kc = limitRequestTime(
      kubeConfigFor(server.url, 't', server.caData),
      200,
    );
    const configuration = configurationOf(kc);
    await requestJson(configuration, listConfigMaps);
    // Past the first request's deadline, well within the reuse window.
    await new Promise(resolve => setTimeout(resolve, 400));
    await expect(requestJson(configuration, listConfigMaps)).resolves.toEqual(
      expect.objectContaining({ kind: 'ConfigMapList' }),
    );
  });

  it('runs an authentication that does more than a header and an agent for every request', async () => {
    const kc = kubeConfigFor(server.url, 't', server.caData);
    let calls = 0;
    const configuration = createConfiguration({
      baseServer: new ServerConfiguration(server.url, {}),
      authMethods: {
        default: {
          getName: () => 'query',
          applySecurityAuthentication: async (context: RequestContext) => {
            calls++;
            context.setQueryParam('attempt', String(calls));
            await kc.applySecurityAuthentication(context);
          },
        } as any,
      },
    });
    for (let i = 0; i < 3; i++) {
      const context = configuration.baseServer.makeRequestContext(
        '/api',
        HttpMethod.GET,
      );
      await authenticate(configuration, context);
      expect(context.getUrl()).toContain(`attempt=${calls}`);
    }
    // Once to learn it cannot be reused, then once a request.
    expect(calls).toBe(4);
  });

  it("runs a kubeconfig's exec plugin for every request, as client-node does: the reuse would send a credential it has replaced", async () => {
    // A real exec credential plugin (a Node script), whose credential has
    // expired by the next request: client-node runs it again then.
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'exec-auth-'));
    const tokenFile = path.join(dir, 'token');
    const plugin = path.join(dir, 'plugin.js');
    await fs.promises.writeFile(
      plugin,
      `process.stdout.write(JSON.stringify({
        apiVersion: 'client.authentication.k8s.io/v1',
        kind: 'ExecCredential',
        status: {
          token: require('fs').readFileSync(${JSON.stringify(
            tokenFile,
          )}, 'utf8'),
          expirationTimestamp: '2000-01-01T00:00:00Z',
        },
      }))`,
    );
    // Records what each request carries.
    const seen: string[] = [];
    const recorder = http.createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.setHeader('content-type', 'application/json');
      res.end('{"kind":"ConfigMapList","items":[]}');
    });
    await new Promise<void>(resolve =>
      recorder.listen(0, '127.0.0.1', resolve),
    );
    try {
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [
          {
            name: 'c',
            server: `http://127.0.0.1:${
              (recorder.address() as AddressInfo).port
            }`,
            // client-node's condition for plain HTTP (the recorder has no TLS).
            skipTLSVerify: true,
          },
        ],
        users: [
          {
            name: 'u',
            exec: {
              apiVersion: 'client.authentication.k8s.io/v1',
              command: process.execPath,
              args: [plugin],
            },
          },
        ],
        contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
        currentContext: 'x',
      });
      const configuration = configurationOf(kc);

      await fs.promises.writeFile(tokenFile, 'first');
      await requestJson(configuration, listConfigMaps);
      await fs.promises.writeFile(tokenFile, 'second');
      await requestJson(configuration, listConfigMaps);

      expect(seen).toEqual(['Bearer first', 'Bearer second']);
    } finally {
      recorder.close();
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });

  it("reuses the in-cluster token file's authentication (client-node reads the file once a minute)", async () => {
    const dir = await fs.promises.mkdtemp(
      path.join(os.tmpdir(), 'token-file-'),
    );
    try {
      const tokenFile = path.join(dir, 'token');
      await fs.promises.writeFile(tokenFile, 't');
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: kubeConfigFor(server.url, 't', server.caData).clusters,
        users: [
          {
            name: 'u',
            authProvider: { name: 'tokenFile', config: { tokenFile } },
          },
        ],
        contexts: [{ name: 'x', cluster: 'sandbox', user: 'u' }],
        currentContext: 'x',
      });
      const authentications = countAuthentications(kc);
      const configuration = configurationOf(kc);
      for (let i = 0; i < 3; i++)
        await expect(
          requestJson(configuration, listConfigMaps),
        ).resolves.toEqual(expect.objectContaining({ kind: 'ConfigMapList' }));
      expect(authentications.count).toBe(1);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
});
