import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  CoreV1Api,
  createConfiguration,
  HttpMethod,
  KubeConfig,
  ServerConfiguration,
} from '@kubernetes/client-node';
import { ServerAddressPolicy } from './ServerAddressPolicy';
import { kubeConfigFromWorkload } from './workloadClient';
import { sandboxTls } from '@arlon-backstage/arlon-sandbox';
import { requestJson } from '../live/jsonRequest';

async function listen(server: https.Server): Promise<number> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * A workload API server that answers every request with a redirect must not
 * make the portal connect where the address policy refuses (loopback, the
 * portal's own port, metadata) nor anywhere else: every socket is checked
 * when it opens, against the server's own host and port.
 */
describe('guardConnections, a redirecting API server', () => {
  let tls: { key: string; cert: string };
  let redirector: https.Server;
  let internal: https.Server;
  let redirectPort: number;
  let internalPort: number;
  let location = '';
  const internalHits: string[] = [];

  beforeAll(async () => {
    tls = sandboxTls();
    // What the portal must never reach: an "internal" service on loopback.
    internal = https.createServer(tls, (req, res) => {
      internalHits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          kind: 'NamespaceList',
          apiVersion: 'v1',
          metadata: {},
          items: [{ metadata: { name: 'LEAKED-FROM-LOOPBACK' } }],
        }),
      );
    });
    internalPort = await listen(internal);
    // The workload cluster's API server, at an allowed address, redirecting.
    redirector = https.createServer(tls, (req, res) => {
      res.writeHead(302, { location: location.replace('{path}', req.url!) });
      res.end();
    });
    redirectPort = await listen(redirector);
  });
  afterAll(async () => {
    await new Promise(resolve => redirector.close(resolve));
    await new Promise(resolve => internal.close(resolve));
  });
  beforeEach(() => {
    internalHits.length = 0;
  });

  /**
   * The sandbox's development policy: loopback 127.0.0.1 allowed, except the
   * portal's own port, which is where the internal service listens here.
   */
  const policy = () =>
    new ServerAddressPolicy({
      allowedNetworks: ['127.0.0.1/32'],
      portalPorts: [internalPort],
      localAddresses: ['127.0.0.1'],
    });

  const workloadKc = (server: string) =>
    kubeConfigFromWorkload(
      {
        server,
        serverField: 'clusters[0].cluster.server',
        caData: Buffer.from(tls.cert).toString('base64'),
        user: { token: 'workload-token' },
      },
      policy(),
    );
  const listNamespaces = (server: string) =>
    workloadKc(server).makeApiClient(CoreV1Api).listNamespace();
  /** As a pre-flight asks (requestJson: HTTP/2 when the server offers it, through the guarded agent). */
  const preflightList = (server: string) => {
    const kc: KubeConfig = workloadKc(server);
    return requestJson(
      createConfiguration({
        baseServer: new ServerConfiguration(server, {}),
        authMethods: { default: kc },
      }),
      { method: HttpMethod.GET, path: '/api/v1/namespaces' },
    );
  };

  it('the internal service is refused when asked for directly (the policy the redirects try to get round)', async () => {
    await expect(
      listNamespaces(`https://127.0.0.1:${internalPort}`),
    ).rejects.toThrow(/refused by arlon\.security/);
    expect(internalHits).toEqual([]);
  });

  it('does not follow a redirect to a refused IP literal (Node never calls lookup for one)', async () => {
    location = `https://127.0.0.1:${internalPort}{path}`;
    await expect(
      listNamespaces(`https://127.0.0.1:${redirectPort}`),
    ).rejects.toThrow();
    expect(internalHits).toEqual([]);
  });

  it('does not follow a redirect to a refused port through a host name (the lookup checks the socket port)', async () => {
    location = `https://localhost:${internalPort}{path}`;
    await expect(
      listNamespaces(`https://127.0.0.1:${redirectPort}`),
    ).rejects.toThrow();
    expect(internalHits).toEqual([]);
  });

  it('does not follow a redirect to metadata addresses', async () => {
    location = 'https://169.254.169.254/latest/meta-data/{path}';
    await expect(
      listNamespaces(`https://127.0.0.1:${redirectPort}`),
    ).rejects.toThrow(/redirected to another address/);
  });

  it('does not follow a redirect off the server even to an allowed address', async () => {
    // The same loopback address, another port: allowed by the policy, still not the server.
    const allowed = https.createServer(tls, (req, res) => {
      internalHits.push(`allowed ${req.url}`);
      res.end('{}');
    });
    const port = await listen(allowed);
    location = `https://127.0.0.1:${port}{path}`;
    try {
      await expect(
        listNamespaces(`https://127.0.0.1:${redirectPort}`),
      ).rejects.toThrow(/redirected to another address/);
      expect(internalHits).toEqual([]);
    } finally {
      await new Promise(resolve => allowed.close(resolve));
    }
  });

  it("refuses the internal service to a pre-flight's HTTP/2 connection too, and lets it reach an allowed HTTP/2 server", async () => {
    // Not even a TLS connection: its ALPN would tell whether it speaks h2.
    let connections = 0;
    const count = () => connections++;
    internal.on('connection', count);
    try {
      await expect(
        preflightList(`https://localhost:${internalPort}`),
      ).rejects.toThrow(/refused by arlon\.security/);
    } finally {
      internal.off('connection', count);
    }
    expect(internalHits).toEqual([]);
    expect(connections).toBe(0);

    const versions: string[] = [];
    const allowed = http2.createSecureServer(tls, (req, res) => {
      versions.push(req.httpVersion);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"items":[]}');
    });
    await new Promise<void>(resolve => allowed.listen(0, '127.0.0.1', resolve));
    try {
      const port = (allowed.address() as AddressInfo).port;
      expect(await preflightList(`https://127.0.0.1:${port}`)).toEqual({
        items: [],
      });
      expect(versions).toEqual(['2.0']);
    } finally {
      allowed.close();
      allowed.emit('close');
    }
  });
});
