import http from 'node:http';
import { AddressInfo } from 'node:net';

/** What the sandbox API server says it is, in `/version`. */
export const SANDBOX_KUBERNETES_VERSION = {
  major: '1',
  minor: '31',
  gitVersion: 'v1.31.0-arlon-sandbox',
  platform: 'linux/amd64',
};

export interface KubeApiServerOptions {
  /** Bearer token every request must carry. */
  token: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
}

/**
 * A loopback server that speaks the Kubernetes API. This first cut serves
 * discovery and `/version` behind bearer-token auth, which is what the health
 * check needs; resources, watch and the simulated controllers grow here.
 */
export class KubeApiServer {
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(options: KubeApiServerOptions): Promise<KubeApiServer> {
    const server = http.createServer((req, res) =>
      handle(options.token, req, res),
    );
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new KubeApiServer(server, `http://${host}:${port}`);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }
}

function handle(
  token: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  if (req.headers.authorization !== `Bearer ${token}`) {
    sendStatus(res, 401, 'Unauthorized', 'Unauthorized');
    return;
  }
  const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
  if (req.method !== 'GET') {
    sendStatus(res, 405, 'MethodNotAllowed', `${req.method} is not supported`);
    return;
  }
  switch (path) {
    case '/version':
      sendJson(res, 200, SANDBOX_KUBERNETES_VERSION);
      return;
    case '/api':
      sendJson(res, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [],
      });
      return;
    case '/apis':
      sendJson(res, 200, {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: [],
      });
      return;
    case '/api/v1':
      sendJson(res, 200, {
        kind: 'APIResourceList',
        groupVersion: 'v1',
        resources: [],
      });
      return;
    default:
      sendStatus(res, 404, 'NotFound', `the server could not find ${path}`);
  }
}

function sendJson(res: http.ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Errors are Kubernetes `Status` objects, as real API servers send them. */
function sendStatus(
  res: http.ServerResponse,
  code: number,
  reason: string,
  message: string,
) {
  sendJson(res, code, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  });
}
