import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { CoreV1Api } from '@kubernetes/client-node';
import {
  Sandbox,
  eventually,
  kubeConfigFor,
  sandboxTls,
} from '@arlon-backstage/arlon-sandbox';
import request from 'supertest';
import { arlonPlugin } from '../plugin';

const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
const CLUSTER = 'edge-imported'; // an external cluster of the example fleet
const SECRET_BODY = 'TOP-SECRET internal admin page';

/**
 * A diff against a workload cluster whose API server (registered in ArgoCD,
 * perhaps compromised) answers with something it wants shown to the user:
 * the report and the 503 say what happened in status and error codes, never
 * the server's body, the socket's words or an address to scan with.
 */
describe('POST /api/arlon/diff against a hostile workload API server, hostile', () => {
  let sandbox: Sandbox;
  let server: any;
  let hostile: https.Server;
  let hostilePort: number;
  let core: CoreV1Api;
  let answer: (res: import('node:http').ServerResponse) => void;

  /** Points the cluster's ArgoCD Secret at `url` and waits until the portal's informer sees it. */
  async function registerAt(url: string, ca: string) {
    const body = {
      metadata: {
        name: `cluster-${CLUSTER}`,
        labels: {
          'argocd.argoproj.io/secret-type': 'cluster',
          'arlon.io/cluster': CLUSTER,
        },
      },
      stringData: {
        name: CLUSTER,
        server: url,
        config: JSON.stringify({
          bearerToken: 'argocd-token',
          tlsClientConfig: { insecure: false, caData: ca },
        }),
      },
    };
    await core
      .deleteNamespacedSecret({
        name: `cluster-${CLUSTER}`,
        namespace: 'argocd',
      })
      .catch(() => undefined);
    await core.createNamespacedSecret({ namespace: 'argocd', body });
  }

  const compareWithItself = () =>
    request(server)
      .post('/api/arlon/diff')
      .send({
        left: { kind: 'cluster', name: CLUSTER },
        right: { kind: 'cluster', name: CLUSTER },
      });

  let ca: string;

  beforeAll(async () => {
    const tls = sandboxTls();
    ca = Buffer.from(tls.cert).toString('base64');
    hostile = https.createServer(tls, (_req, res) => answer(res));
    await new Promise<void>(resolve => hostile.listen(0, '127.0.0.1', resolve));
    hostilePort = (hostile.address() as AddressInfo).port;
    sandbox = await Sandbox.start({ fleetSeedDir: EXAMPLE });
    core = kubeConfigFor(
      sandbox.apiServer.url,
      sandbox.token,
      sandbox.apiServer.caData,
    ).makeApiClient(CoreV1Api);
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: { arlon: sandbox.arlonConfig() },
        }),
      ],
    }));
    await registerAt(`https://127.0.0.1:${hostilePort}`, ca);
  });
  afterAll(async () => {
    await sandbox.stop();
    await new Promise(resolve => hostile.close(resolve));
  });

  it("never shows a workload API server's error body in the 503", async () => {
    answer = res => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(SECRET_BODY);
    };
    const res = await eventually(async () => {
      const r = await compareWithItself();
      if (r.status !== 503) throw new Error(`status ${r.status}`);
      return r;
    }, 'the 503 of the hostile cluster');
    expect(res.body.error.message).toMatch(/answered HTTP 500/);
    expect(JSON.stringify(res.body)).not.toContain('TOP-SECRET');
  });

  it("never shows a workload API server's error body in an every-cluster report's section", async () => {
    answer = res => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(SECRET_BODY);
    };
    const res = await request(server)
      .post('/api/arlon/diff')
      .send({
        left: { kind: 'bundle', name: 'readonly-rbac' },
        right: { kind: 'allClusters' },
      })
      .expect(200);
    const section = res.body.sections.find((s: any) => s.cluster === CLUSTER);
    expect(section.error).toMatch(/answered HTTP 500/);
    expect(JSON.stringify(res.body)).not.toContain('TOP-SECRET');
  });

  it('follows no redirect to loopback, and says only that the address is refused', async () => {
    answer = res => {
      res.writeHead(302, { location: 'https://127.0.0.2:6443/internal' });
      res.end();
    };
    const res = await compareWithItself().expect(503);
    expect(res.body.error.message).toMatch(
      /does not connect to \(arlon\.security\)/,
    );
    expect(res.body.error.message).not.toMatch(/127\.0\.0\.2|6443|internal/);
  });

  it('says only the error code of a server that refuses connections, not its address and port', async () => {
    // A port nothing listens on, on the sandbox's allowed loopback address.
    const closed = https.createServer();
    await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise(resolve => closed.close(resolve));
    await registerAt(`https://127.0.0.1:${port}`, ca);
    const res = await eventually(async () => {
      const r = await compareWithItself();
      if (!/ECONNREFUSED/.test(r.body?.error?.message ?? ''))
        throw new Error(`not yet: ${r.status}`);
      return r;
    }, 'the refused connection');
    expect(res.status).toBe(503);
    expect(res.body.error.message).not.toContain(String(port));
    expect(res.body.error.message).not.toMatch(/connect |request to/);
  });
});
