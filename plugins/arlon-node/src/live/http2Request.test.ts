import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { ApiException, HttpMethod, KubeConfig } from '@kubernetes/client-node';
import { kubeConfigFor, sandboxTls } from '@arlon-backstage/arlon-sandbox';
import { FetchError, requestJson } from './jsonRequest';
import { reuseConnections } from './reuseConnections';
import { isAbortError, limitRequestTime } from '../connection/requestTimeout';
import { configurationOf } from './jsonClient';

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as any,
  );

type Handler = (
  req: http2.Http2ServerRequest,
  res: http2.Http2ServerResponse,
) => void;

/**
 * A TLS server speaking HTTP/2 (and HTTP/1.1 when `allowHTTP1`), answering
 * with `handle`; it counts the HTTP/2 sessions clients open.
 */
async function h2Server(allowHTTP1 = false) {
  const state = {
    handle: ((_req, res) => res.end()) as Handler,
    sessions: 0,
    versions: [] as string[],
    server: http2.createSecureServer({ ...sandboxTls(), allowHTTP1 }),
    port: 0,
  };
  state.server.on('session', () => state.sessions++);
  state.server.on('request', (req, res) => {
    state.versions.push(req.httpVersion);
    state.handle(req, res);
  });
  await new Promise<void>(resolve =>
    state.server.listen(0, '127.0.0.1', resolve),
  );
  state.port = (state.server.address() as net.AddressInfo).port;
  return state;
}

const kubeConfigAt = (port: number) =>
  reuseConnections(
    kubeConfigFor(`https://127.0.0.1:${port}`, 't', sandboxTls().caData),
  );

const json = (res: http2.Http2ServerResponse, body: unknown, code = 200) => {
  const text = JSON.stringify(body);
  res.writeHead(code, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

describe('requestJson over HTTP/2', () => {
  let s: Awaited<ReturnType<typeof h2Server>>;
  let kc: KubeConfig;
  beforeEach(async () => {
    s = await h2Server();
    kc = kubeConfigAt(s.port);
  });
  afterEach(async () => {
    await new Promise(resolve => {
      s.server.close(resolve);
      // Sessions still open (kept alive by the client) end with the test.
      s.server.emit('close');
    });
  });
  const get = (path: string, config = configurationOf(kc), maxBytes?: number) =>
    requestJson(config, { method: HttpMethod.GET, path }, maxBytes);

  it('sends concurrent requests as streams of one connection, and each gets its own answer however the server orders them', async () => {
    const held: Array<() => void> = [];
    s.handle = (req, res) => {
      // Authenticated as over HTTP/1.1: the bearer token is a header.
      const answer = () =>
        json(res, { path: req.url, auth: req.headers.authorization });
      held.push(answer);
      // Answered last first, once all have come.
      if (held.length === 16) for (const a of held.reverse()) a();
    };
    const config = configurationOf(kc);

    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => get(`/api/v1/n/${i}`, config)),
    );

    expect(answers).toEqual(
      Array.from({ length: 16 }, (_, i) => ({
        path: `/api/v1/n/${i}`,
        auth: 'Bearer t',
      })),
    );
    expect(s.versions).toEqual(Array(16).fill('2.0'));
    expect(s.sessions).toBe(1);
  });

  it('sends a body as written, with its length and type', async () => {
    let seen: any;
    s.handle = (req, res) => {
      let body = '';
      req.on('data', c => (body += c));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        json(res, JSON.parse(body));
      });
    };
    const body = JSON.stringify({ kind: 'ConfigMap', data: { a: 'é' } });

    const answer = await requestJson(configurationOf(kc), {
      method: HttpMethod.PATCH,
      path: '/api/v1/namespaces/default/configmaps/x',
      query: { dryRun: 'All', force: 'true' },
      contentType: 'application/apply-patch+yaml',
      body,
    });

    expect(answer).toEqual(JSON.parse(body));
    expect(seen.method).toBe('PATCH');
    expect(seen.url).toBe(
      '/api/v1/namespaces/default/configmaps/x?dryRun=All&force=true',
    );
    expect(seen.headers['content-type']).toBe('application/apply-patch+yaml');
    expect(seen.headers['content-length']).toBe(
      String(Buffer.byteLength(body)),
    );
    expect(seen.body).toBe(body);
  });

  it('maps a Status answer to the ApiException of HTTP/1.1, and keeps a text body', async () => {
    const status = {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason: 'Invalid',
      message: 'ConfigMap "x" is invalid',
      code: 422,
    };
    s.handle = (_req, res) => json(res, status, 422);
    const invalid = await errorOf(get('/api/v1/x'));
    expect(invalid).toBeInstanceOf(ApiException);
    expect(invalid.code).toBe(422);
    expect(JSON.parse(invalid.body)).toEqual(status);

    s.handle = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    };
    const gateway = await errorOf(get('/api/v1/x'));
    expect(gateway).toBeInstanceOf(ApiException);
    expect(gateway.code).toBe(502);
    expect(gateway.body).toBe('bad gateway');
  });

  it('refuses a 200 that is not JSON by its type, and one that says JSON and is not', async () => {
    s.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login</html>');
    };
    expect((await errorOf(get('/api/v1/x'))).message).toMatch(
      /mediaType text\/html is not supported/,
    );
    s.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"items": [');
    };
    expect(await errorOf(get('/api/v1/x'))).toBeInstanceOf(SyntaxError);
  });

  it('stops reading an endless body at the limit, refuses a body that inflates over it, and reads a gzipped one', async () => {
    s.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    };
    const huge = await errorOf(get('/api/v1/x', configurationOf(kc), 2 ** 20));
    expect(huge).toBeInstanceOf(FetchError);
    expect(huge.type).toBe('max-size');

    const bomb = zlib.gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    s.handle = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      res.end(bomb);
    };
    const inflated = await errorOf(
      get('/api/v1/x', configurationOf(kc), 2 ** 20),
    );
    expect(inflated).toBeInstanceOf(FetchError);
    expect(inflated.message).toMatch(/Invalid response body/);

    s.handle = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      res.end(zlib.gzipSync('{"items":[]}'));
    };
    expect(await get('/api/v1/x')).toEqual({ items: [] });
  });

  it('fails a stream the server resets with a FetchError, and the connection serves the next request', async () => {
    s.handle = (req, res) => {
      if (req.url?.endsWith('/reset'))
        req.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      else json(res, { ok: true });
    };

    const reset = await errorOf(get('/api/v1/reset'));

    expect(reset).toBeInstanceOf(FetchError);
    expect(reset.message).toMatch(
      new RegExp(
        `^request to https://127.0.0.1:${s.port}/api/v1/reset failed, reason: `,
      ),
    );
    expect(await get('/api/v1/next')).toEqual({ ok: true });
    expect(s.sessions).toBe(1);
  });

  it('fails every request still open when the server drops the connection, and opens a new one for the next', async () => {
    const open: http2.Http2ServerRequest[] = [];
    s.handle = (req, res) => {
      if (!req.url?.includes('/held/')) return json(res, { ok: true });
      open.push(req);
      // Three requests in flight, then the server goes away mid-answer.
      if (open.length === 3) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"items":');
        req.stream.session?.destroy();
      }
      return undefined;
    };
    const config = configurationOf(kc);

    const dropped = await Promise.all(
      [1, 2, 3].map(i => errorOf(get(`/api/v1/held/${i}`, config))),
    );

    for (const error of dropped) {
      expect(error).toBeInstanceOf(FetchError);
      expect(error.message).toMatch(
        /^request to .*\/held\/\d failed, reason: /,
      );
    }
    expect(await get('/api/v1/after', config)).toEqual({ ok: true });
    expect(s.sessions).toBe(2);
  });

  it('sends again, on a new connection, the requests a server going away refused unprocessed', async () => {
    const sessions = new Map<unknown, number>();
    let goneAway = false;
    s.handle = (req, res) => {
      const session = req.stream.session;
      if (!sessions.has(session)) sessions.set(session, sessions.size + 1);
      if (!goneAway && req.url?.endsWith('/first')) {
        goneAway = true;
        // The client refuses the streams after this one (REFUSED_STREAM):
        // their answers from this connection never reach it.
        session?.goaway(http2.constants.NGHTTP2_NO_ERROR, req.stream.id);
      }
      json(res, { path: req.url, connection: sessions.get(session) });
    };
    const config = configurationOf(kc);

    const answers = await Promise.all(
      ['first', 'second', 'third'].map(p => get(`/api/v1/${p}`, config)),
    );

    expect(answers).toEqual([
      { path: '/api/v1/first', connection: 1 },
      { path: '/api/v1/second', connection: 2 },
      { path: '/api/v1/third', connection: 2 },
    ]);
    expect(s.sessions).toBe(2);
  });

  it("aborts an unanswered request at the KubeConfig's deadline and cancels its stream; the next goes on a new connection, as over HTTP/1.1", async () => {
    const cancelled: string[] = [];
    // A connection gone silent (a peer or a NAT that dropped it): nothing
    // more is answered on it, though it is never closed.
    const silent = new Set<unknown>();
    s.handle = (req, res) => {
      const session = req.stream.session;
      if (silent.has(session)) return undefined;
      if (!req.url?.endsWith('/hang')) return json(res, { ok: true });
      silent.add(session);
      req.stream.on('close', () => cancelled.push(req.url!));
      return undefined;
    };
    const limited = configurationOf(limitRequestTime(kc, 300));

    const error = await errorOf(get('/api/v1/hang', limited));

    expect(isAbortError(error)).toBe(true);
    expect(await get('/api/v1/ok', limited)).toEqual({ ok: true });
    expect(cancelled).toEqual(['/api/v1/hang']);
    expect(s.sessions).toBe(2);
  });

  it('shares no connection with a client that trusts another CA: its own handshake fails, its token never sent', async () => {
    const tokens: Array<string | undefined> = [];
    s.handle = (req, res) => {
      tokens.push(req.headers.authorization);
      json(res, { ok: true });
    };
    expect(await get('/api/v1/x')).toEqual({ ok: true });
    // The same server URL, another cluster's trust (a public root CA).
    const otherCa = reuseConnections(
      kubeConfigFor(
        `https://127.0.0.1:${s.port}`,
        'other-token',
        Buffer.from(tls.rootCertificates[0]).toString('base64'),
      ),
    );

    const error = await errorOf(get('/api/v1/y', configurationOf(otherCa)));

    expect(error).toBeInstanceOf(FetchError);
    expect(error.message).toMatch(/certificate/);
    expect(tokens).toEqual(['Bearer t']);
    expect(await get('/api/v1/z')).toEqual({ ok: true });
    expect(s.sessions).toBe(1);
  });

  it('refuses server push: a hostile server cannot make it take streams it never asked for', async () => {
    const pushes: string[] = [];
    let advertised: boolean | undefined;
    s.handle = (req, res) => {
      advertised = req.stream.session?.remoteSettings.enablePush;
      // Each pushed stream would hold up to Node's session memory, unread.
      try {
        res.createPushResponse({ ':path': '/api/v1/pushed' }, error =>
          pushes.push(error ? 'refused' : 'taken'),
        );
      } catch {
        pushes.push('refused');
      }
      json(res, { ok: true });
    };

    expect(await get('/api/v1/x')).toEqual({ ok: true });
    expect(advertised).toBe(false);
    expect(pushes).toEqual(['refused']);
  });
});

describe('requestJson to a TLS server without HTTP/2', () => {
  it('asks it over HTTP/1.1', async () => {
    const versions: string[] = [];
    const server = https.createServer(sandboxTls(), (req, res) => {
      versions.push(req.httpVersion);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const config = configurationOf(kubeConfigAt(port));

      const answers = await Promise.all(
        [1, 2, 3].map(i =>
          requestJson(config, { method: HttpMethod.GET, path: `/a/${i}` }),
        ),
      );

      expect(answers).toEqual([1, 2, 3].map(i => ({ path: `/a/${i}` })));
      expect(versions).toEqual(['1.1', '1.1', '1.1']);
    } finally {
      server.closeAllConnections();
      await new Promise(resolve => server.close(resolve));
    }
  });
});
