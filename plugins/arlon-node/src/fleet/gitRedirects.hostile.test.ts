import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { HttpClient } from 'isomorphic-git';
import { GitHttpServer, sandboxTls } from '@arlon-backstage/arlon-sandbox';
import { seededFleet } from './__testUtils__/seededFleet';
import { FleetCheckout } from './FleetCheckout';
import { fetchCommit } from './fetchCommit';
import { GitRedirectError } from './gitRedirects';
import { timedGitHttp } from './timedGitHttp';
import { pushByHand } from '../regenerate/__testUtils__/gitLog';

const run = promisify(execFile);

const TOKEN = 's3cret-fleet-token';
const creds = { username: 'bot', password: TOKEN };

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * A Git server that redirects: the fleet's credentials go only to the
 * origin (scheme, host, port) they were configured for, an https URL is
 * never followed to plain http, a loop ends, and a redirect within the
 * server (a renamed repository) still works, credentials and all.
 */
describe('the Git client against a redirecting server', () => {
  const tls = sandboxTls();
  /** Trusts the sandbox's self-signed certificate, as a configured CA would. */
  const agent = new https.Agent({ ca: tls.cert });
  let root: string;
  let git: GitHttpServer;
  const cleanup: Array<() => Promise<unknown>> = [];

  /** A server that records what reaches it and answers `answer`. */
  const recorder = async (
    answer: (
      req: http.IncomingMessage,
      res: http.ServerResponse,
      body: Buffer,
    ) => void,
    secure = false,
  ) => {
    const seen: Seen[] = [];
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
      });
      const body: Buffer[] = [];
      req.on('data', chunk => body.push(chunk));
      req.on('end', () => answer(req, res, Buffer.concat(body)));
    };
    const server = secure
      ? https.createServer(tls, handler)
      : http.createServer(handler);
    const port = await listen(server);
    cleanup.push(async () => {
      server.closeAllConnections();
      await new Promise(resolve => server.close(resolve));
    });
    return { seen, port };
  };

  const redirectTo =
    (base: () => string, status = 302) =>
    (req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(status, { location: `${base()}${req.url}` });
      res.end('moved\n');
    };

  /** The portal's client, trusting the sandbox's certificate for https URLs. */
  const client = (): HttpClient => {
    const timed = timedGitHttp(30_000);
    return {
      request: req =>
        timed.request(req.url.startsWith('https:') ? { ...req, agent } : req),
    };
  };

  const checkoutAt = async (url: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'checkout-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    return {
      dir,
      checkout: new FleetCheckout(
        dir,
        url,
        'main',
        async () => creds,
        client(),
      ),
    };
  };

  const failure = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('expected the Git operation to fail');
      },
      error => error,
    );

  beforeAll(async () => {
    root = await seededFleet();
    git = await GitHttpServer.start({ projectRoot: root, credentials: creds });
  });
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map(stop => stop()));
  });
  afterAll(async () => {
    await git.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('refuses an https server’s redirect to plain http on the same host, sending nothing there', async () => {
    const plain = await recorder((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' });
      res.end();
    });
    const front = await recorder(
      redirectTo(() => `http://127.0.0.1:${plain.port}`),
      true,
    );
    const { checkout } = await checkoutAt(
      `https://bot:${TOKEN}@127.0.0.1:${front.port}/fleet.git`,
    );

    const error = await failure(checkout.fetchHead());

    expect(error).toBeInstanceOf(GitRedirectError);
    expect(error.message).toContain(
      `http://127.0.0.1:${plain.port}/fleet.git/info/refs`,
    );
    expect(error.message).toContain('plain HTTP');
    expect(error.message).toContain('repository URL');
    expect(error.message).not.toContain(TOKEN);
    // The configured origin had the credentials; the downgraded one nothing.
    expect(front.seen[0].authorization).toMatch(/^Basic /);
    expect(plain.seen).toEqual([]);
  });

  it('refuses the fetch by id’s POST redirected to plain http too', async () => {
    const plain = await recorder((_req, res) => res.end());
    const front = await recorder(
      redirectTo(() => `http://127.0.0.1:${plain.port}`, 307),
      true,
    );
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clone-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));

    const error = await failure(
      fetchCommit({
        http: client(),
        url: `https://bot:${TOKEN}@127.0.0.1:${front.port}/fleet.git`,
        dir,
        want: 'a'.repeat(40),
        haves: [],
        cache: {},
      }),
    );

    expect(error).toBeInstanceOf(GitRedirectError);
    expect(error.message).not.toContain(TOKEN);
    expect(front.seen.map(s => s.method)).toContain('POST');
    expect(plain.seen).toEqual([]);
  });

  it.each([
    ['another host', (port: number) => `http://localhost:${port}`],
    ['another port', (port: number) => `http://127.0.0.1:${port}`],
  ])(
    'does not follow a redirect to %s, so the credentials stay where they were configured',
    async (_what, target) => {
      const elsewhere = await recorder((_req, res) => {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' });
        res.end();
      });
      const front = await recorder(redirectTo(() => target(elsewhere.port)));
      const { checkout } = await checkoutAt(
        `http://bot:${TOKEN}@127.0.0.1:${front.port}/fleet.git`,
      );

      const error = await failure(checkout.fetchHead());

      expect(error).toBeInstanceOf(GitRedirectError);
      expect(error.message).toContain(target(elsewhere.port));
      expect(error.message).toContain('repository URL');
      expect(error.message).not.toContain(TOKEN);
      expect(elsewhere.seen).toEqual([]);
    },
  );

  it('gives up on a redirect loop after a bounded number of requests', async () => {
    // A relative Location: the same origin, the same path, again and again.
    const loop = await recorder(redirectTo(() => ''));
    const { checkout } = await checkoutAt(
      `http://127.0.0.1:${loop.port}/fleet.git`,
    );

    const error = await failure(checkout.fetchHead());

    expect(error).toBeInstanceOf(GitRedirectError);
    expect(error.message).toContain('more than 10 redirects');
    expect(loop.seen).toHaveLength(11);
  });

  it('follows a redirect within the same server, credentials included, for the advertisement and the POSTs', async () => {
    // A renamed repository: /old.git/… answers 301 to /fleet.git/… on the
    // same origin, for the GET and for the POST (Git keeps the POST), and
    // /fleet.git/… is the real Git server, which asks for credentials.
    const front = await recorder((req, res, body) => {
      if (req.url!.startsWith('/old.git/')) {
        res.writeHead(301, {
          location: req.url!.replace('/old.git/', '/fleet.git/'),
        });
        res.end();
        return;
      }
      const target = new URL(git.url);
      http
        .request(
          {
            host: target.hostname,
            port: target.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          answer => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        )
        .end(body);
    });
    const { checkout } = await checkoutAt(
      `http://127.0.0.1:${front.port}/old.git`,
    );

    const cloned = await checkout.fetchHead();
    await pushByHand(
      path.join(root, 'fleet.git'),
      { 'arlon/bundles/b.yaml': 'b\n' },
      'By hand',
    );
    const head = (
      await run('git', [
        '-C',
        path.join(root, 'fleet.git'),
        'rev-parse',
        'main',
      ])
    ).stdout.trim();
    const byId = await checkout.fetchHead(head);

    expect(cloned.files['arlon/bundles/a.yaml']).toBe('a\n');
    expect(byId.commit).toBe(head);
    expect(byId.files['arlon/bundles/b.yaml']).toBe('b\n');
    // The fetch by id: one POST, redirected, sent again as a POST with the
    // credentials to the new path.
    expect(front.seen.slice(-2)).toEqual([
      {
        method: 'POST',
        url: '/old.git/git-upload-pack',
        authorization: expect.stringMatching(/^Basic /),
      },
      {
        method: 'POST',
        url: '/fleet.git/git-upload-pack',
        authorization: expect.stringMatching(/^Basic /),
      },
    ]);
  });
});
