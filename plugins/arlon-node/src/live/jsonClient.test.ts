import http2 from 'node:http2';
import net from 'node:net';
import {
  ApiException,
  createConfiguration,
  HttpMethod,
  ServerConfiguration,
} from '@kubernetes/client-node';
import { kubeConfigFor, sandboxTls } from '@arlon-backstage/arlon-sandbox';
import { jsonClient, segment } from './jsonClient';
import { requestJson } from './jsonRequest';
import { reuseConnections } from './reuseConnections';

/** A server that offers HTTP/2 and HTTP/1.1 (as kube-apiserver does), recording what each request came over. */
async function server() {
  const seen: Array<{ version: string; method?: string; url?: string }> = [];
  let sessions = 0;
  const srv = http2.createSecureServer({ ...sandboxTls(), allowHTTP1: true });
  srv.on('session', () => sessions++);
  // Kept-alive connections and sessions end with the server (close waits for them).
  const sockets = new Set<net.Socket>();
  srv.on('secureConnection', socket => sockets.add(socket));
  srv.on('request', (req, res) => {
    seen.push({ version: req.httpVersion, method: req.method, url: req.url });
    const code = req.url?.includes('missing') ? 404 : 200;
    const text = JSON.stringify(
      code === 200 ? { kind: 'Secret', data: { token: 'dA==' } } : {},
    );
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(text);
  });
  await new Promise<void>(resolve => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  return {
    seen,
    sessions: () => sessions,
    kc: reuseConnections(
      kubeConfigFor(`https://127.0.0.1:${port}`, 't', sandboxTls().caData),
    ),
    close: () =>
      new Promise(resolve => {
        srv.close(resolve);
        sockets.forEach(socket => socket.destroy());
      }),
  };
}

describe('jsonClient', () => {
  let s: Awaited<ReturnType<typeof server>>;
  beforeEach(async () => {
    s = await server();
  });
  afterEach(async () => {
    await s.close();
  });

  it('sends over HTTP/1.1 on kept-alive connections even where the server offers HTTP/2, answering parsed JSON', async () => {
    const request = jsonClient(s.kc);
    for (let i = 0; i < 3; i++)
      expect(
        await request({
          method: HttpMethod.GET,
          path: `/api/v1/namespaces/kube-system/secrets/${segment('a/b c')}`,
        }),
      ).toEqual({ kind: 'Secret', data: { token: 'dA==' } });
    expect(s.seen).toEqual(
      Array(3).fill({
        version: '1.1',
        method: 'GET',
        url: '/api/v1/namespaces/kube-system/secrets/a%2Fb%20c',
      }),
    );
    expect(s.sessions()).toBe(0);
    // The same configuration through requestJson itself still takes the session.
    await requestJson(
      createConfiguration({
        baseServer: new ServerConfiguration(
          s.kc.getCurrentCluster()!.server,
          {},
        ),
        authMethods: { default: s.kc },
      }),
      { method: HttpMethod.GET, path: '/api/v1/namespaces' },
    );
    expect(s.seen[3].version).toBe('2.0');
  });

  it('a non-2xx answer is an ApiException carrying the status, as from the generated clients', async () => {
    await expect(
      jsonClient(s.kc)({ method: HttpMethod.GET, path: '/missing' }),
    ).rejects.toEqual(expect.any(ApiException));
    await expect(
      jsonClient(s.kc)({ method: HttpMethod.GET, path: '/missing' }),
    ).rejects.toMatchObject({ code: 404 });
  });
});
