import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import {
  ApiException,
  HttpMethod,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import {
  HungServer,
  KubeApiServer,
  eventually,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import type { KubeObject } from '@arlon-backstage/plugin-arlon-common';
import { ARGOCD_FIELD_MANAGER, LiveCluster } from './LiveCluster';
import { FetchError, requestJson } from './jsonRequest';
import { reuseConnections } from './reuseConnections';
import { isAbortError, limitRequestTime } from '../connection/requestTimeout';
import { describeConnectionError } from '../connection/describeConnectionError';
import { configurationOf } from './jsonClient';

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as any,
  );

const configMap = (name: string, data: Record<string, unknown> = {}) =>
  ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'default' },
    data,
  } as KubeObject);

describe('LiveCluster through requestJson, against the sandbox API server', () => {
  let server: KubeApiServer;
  let kc: KubeConfig;
  beforeAll(async () => {
    server = await KubeApiServer.start({ token: 't' });
    kc = kubeConfigFor(server.url, 't', server.caData);
  });
  afterAll(() => server.stop());

  it("answers a dry-run apply with the server's prediction under ArgoCD's field manager, and stores nothing", async () => {
    const cluster = new LiveCluster('c', kc);
    const predicted = await cluster.dryRunApply({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx' }] },
        },
      },
    } as KubeObject);

    expect(predicted.apiVersion).toBe('apps/v1');
    expect(predicted.kind).toBe('Deployment');
    // Server defaults: the prediction is the server's object, not the one sent.
    expect((predicted as any).spec.replicas).toBe(1);
    expect(
      (predicted.metadata as any).managedFields.map((f: any) => f.manager),
    ).toEqual([ARGOCD_FIELD_MANAGER]);
    const { live } = await cluster.read([predicted]);
    expect(live).toEqual([]);
  });

  it("fails a rejected object with the ApiException client-node's own patch raised: same status, same Status body", async () => {
    const invalid = configMap('bad');
    invalid.metadata.labels = { 'not a key!': 'x' };
    const before = await errorOf(
      KubernetesObjectApi.makeApiClient(kc).patch(
        structuredClone(invalid),
        undefined,
        'All',
        ARGOCD_FIELD_MANAGER,
        true,
        PatchStrategy.ServerSideApply,
      ),
    );
    const now = await errorOf(
      new LiveCluster('c', kc).dryRunApply(structuredClone(invalid)),
    );

    expect(before).toBeInstanceOf(ApiException);
    expect(now).toBeInstanceOf(ApiException);
    expect(now.code).toBe(422);
    expect(now.code).toBe(before.code);
    expect(JSON.parse(now.body)).toEqual(JSON.parse(before.body));
    expect(JSON.parse(now.body)).toMatchObject({
      kind: 'Status',
      reason: 'Invalid',
    });
  });

  it('reads a list of more than one page through its continue token', async () => {
    const api = KubernetesObjectApi.makeApiClient(reuseConnections(kc));
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 520)
          await api.create(configMap(`page-${next++}`, { n: '1' }));
      }),
    );
    const refs = Array.from({ length: 520 }, (_, i) => configMap(`page-${i}`));

    const { live } = await new LiveCluster('c', kc).read(refs);

    expect(live.map(o => o.metadata.name).sort()).toEqual(
      refs.map(o => o.metadata.name).sort(),
    );
    expect(live[0]).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
  });

  it('fails a refused connection with the FetchError node-fetch raised, described as before', async () => {
    const gone = await KubeApiServer.start({ token: 't' });
    const goneKc = kubeConfigFor(gone.url, 't', gone.caData);
    await gone.stop();
    const path = '/api/v1/namespaces/default/configmaps';
    const before = await errorOf(
      KubernetesObjectApi.makeApiClient(goneKc).list(
        'v1',
        'ConfigMap',
        'default',
      ),
    );
    const now = await errorOf(
      requestJson(configurationOf(goneKc), { method: HttpMethod.GET, path }),
    );

    // client-node asked discovery first; the message names the URL asked.
    expect(before.name).toBe('FetchError');
    expect(now).toBeInstanceOf(FetchError);
    expect(now.code).toBe('ECONNREFUSED');
    expect(now.code).toBe(before.code);
    expect(now.message).toBe(
      `request to ${gone.url}${path} failed, reason: ${
        /reason: (.*)$/.exec(before.message)![1]
      }`,
    );
    const context = {
      target: 'cluster "c"',
      url: gone.url,
      configKey: 'k',
      credentialsHint: 'h',
    };
    expect(describeConnectionError(now, context)).toEqual(
      describeConnectionError(before, context),
    );
  });
});

describe('requestJson against a server that never answers', () => {
  let hung: HungServer;
  beforeEach(async () => {
    hung = await HungServer.start();
  });
  afterEach(() => hung.stop());

  it("aborts at the KubeConfig's deadline (limitRequestTime) and closes the connection", async () => {
    const kc = limitRequestTime(
      kubeConfigFor(`https://127.0.0.1:${hung.port}`, 't', undefined),
      300,
    );
    const error = await errorOf(
      requestJson(configurationOf(kc), {
        method: HttpMethod.PATCH,
        path: '/api/v1/namespaces/default/configmaps/x',
        body: '{}',
      }),
    );
    expect(isAbortError(error)).toBe(true);
    expect(
      describeConnectionError(error, {
        target: 't',
        url: 'u',
        configKey: 'k',
        credentialsHint: 'h',
      }).message,
    ).toMatch(/did not answer in time/);
    await eventually(() => hung.accepted > 0 && hung.open === 0, 'closed');
  });
});

describe('requestJson against hostile answers', () => {
  let answer: (res: http.ServerResponse) => void;
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  beforeEach(() => {
    handle = (req, res) => {
      req.resume();
      answer(res);
    };
  });
  let server: http.Server;
  let kc: KubeConfig;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    server = http.createServer((req, res) => handle(req, res));
    server.on('connection', s => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    kc = new KubeConfig();
    kc.loadFromOptions({
      // Plain HTTP needs skipTLSVerify in client-node: a hostile test server.
      clusters: [
        {
          name: 'h',
          server: `http://127.0.0.1:${
            (server.address() as net.AddressInfo).port
          }`,
          skipTLSVerify: true,
        },
      ],
      users: [{ name: 'u', token: 't' }],
      contexts: [{ name: 'h', cluster: 'h', user: 'u' }],
      currentContext: 'h',
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise(resolve => server.close(resolve));
  });
  const get = (maxBytes?: number) =>
    requestJson(
      configurationOf(kc),
      { method: HttpMethod.GET, path: '/api/v1/configmaps' },
      maxBytes,
    );

  it("sends a dry run as written, with ArgoCD's apply parameters", async () => {
    const seen: Array<{
      method?: string;
      url?: string;
      headers: any;
      body: string;
    }> = [];
    handle = (req, res) => {
      let body = '';
      req.on('data', c => (body += c));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          req.url === '/api/v1'
            ? JSON.stringify({
                kind: 'APIResourceList',
                groupVersion: 'v1',
                resources: [
                  {
                    name: 'configmaps',
                    kind: 'ConfigMap',
                    namespaced: true,
                    verbs: ['patch'],
                  },
                ],
              })
            : body,
        );
      });
    };
    // A field client-node's ConfigMap model does not have: its serializer dropped it.
    const object = {
      ...configMap('typo', { a: '1' }),
      spec: { replicas: 3 },
    } as KubeObject;

    const predicted = await new LiveCluster('h', kc).dryRunApply(
      structuredClone(object),
    );

    const patch = seen.find(r => r.method === 'PATCH')!;
    expect(patch.url).toBe(
      `/api/v1/namespaces/default/configmaps/typo?dryRun=All&fieldManager=${ARGOCD_FIELD_MANAGER}&force=true`,
    );
    expect(patch.headers['content-type']).toBe(PatchStrategy.ServerSideApply);
    expect(patch.headers.authorization).toBe('Bearer t');
    expect(JSON.parse(patch.body)).toEqual(object);
    expect(predicted).toEqual(object);
  });

  it('refuses a 200 that is not JSON by its type, and one that says JSON and is not', async () => {
    answer = res => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login</html>');
    };
    expect((await errorOf(get())).message).toMatch(
      /mediaType text\/html is not supported/,
    );
    answer = res => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"items": [');
    };
    expect(await errorOf(get())).toBeInstanceOf(SyntaxError);
  });

  it('keeps a non-JSON error body as text in the ApiException', async () => {
    answer = res => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    };
    const error = await errorOf(get());
    expect(error).toBeInstanceOf(ApiException);
    expect(error.code).toBe(502);
    expect(error.body).toBe('bad gateway');
  });

  it('stops reading a body over the limit, and a compressed body that inflates over it', async () => {
    answer = res => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Without end: only the limit stops the client.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        while (res.write(chunk));
        res.once('drain', write);
      };
      write();
    };
    const huge = await errorOf(get(1024 * 1024));
    expect(huge).toBeInstanceOf(FetchError);
    expect(huge.type).toBe('max-size');

    const bomb = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    answer = res => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      res.end(bomb);
    };
    const inflated = await errorOf(get(1024 * 1024));
    expect(inflated).toBeInstanceOf(FetchError);
    expect(inflated.message).toMatch(/Invalid response body/);
  });

  it('reads a gzipped answer, as node-fetch did', async () => {
    answer = res => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      res.end(zlib.gzipSync('{"items":[]}'));
    };
    expect(await get()).toEqual({ items: [] });
  });
});
