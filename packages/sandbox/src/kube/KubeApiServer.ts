import http from 'node:http';
import { Socket } from 'node:net';
import { ApiError } from './errors';
import { Faults, NO_FAULTS } from './Faults';
import { ObjectStore } from './ObjectStore';
import { sandboxTls } from './tls';
import { listenTls, TlsListener } from './tlsFront';
import { readBody } from './requestLimits';
import { AccessControl } from './rbac';
import { TokenController } from '../controllers/TokenController';
import { WorkloadController } from '../controllers/WorkloadController';
import { parseObject, sendJson, toApiError } from './apiHttp';
import { DiscoveryRoutes } from './discoveryRoutes';
import {
  ApiServerContext,
  groupVersionPath,
  ResourceRequest,
  resourceRequest,
} from './resourceRequest';
import { serveWatch } from './watchHandler';
import { servePatch } from './patchHandler';
import {
  serveCreate,
  serveDelete,
  serveGet,
  serveList,
  serveUpdate,
} from './resourceHandlers';

export { SANDBOX_KUBERNETES_VERSION } from './version';

/** @public */
export interface KubeApiServerOptions {
  /** Bearer token every request must carry. */
  token: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  faults?: Partial<Faults>;
  /** Storage to serve; a new empty cluster by default. */
  store?: ObjectStore;
}

/**
 * A loopback server that speaks the Kubernetes API over HTTP, backed by an
 * {@link ObjectStore}: discovery, CRUD, list with selectors and pagination,
 * patches, dryRun, watch, Status errors and bearer-token auth.
 *
 * @public
 */
export class KubeApiServer {
  readonly faults: Faults;
  private readonly watches = new Set<http.ServerResponse>();
  /** Every TCP connection, handshaking ones too: HTTP only tracks those past TLS. */
  private readonly sockets = new Set<Socket>();

  /** Who a bearer token is (the admin token, service account tokens) and what RBAC lets them do. */
  private readonly access: AccessControl;
  private readonly tokenController: TokenController;
  /** Every cluster runs workloads: Deployments and their kin become available. */
  private readonly workloadController: WorkloadController;
  /** Version, health, group and resource lists, OpenAPI. */
  private readonly discovery: DiscoveryRoutes;

  private constructor(
    token: string,
    private readonly server: TlsListener,
    readonly url: string,
    readonly store: ObjectStore,
    faults: Faults,
  ) {
    this.faults = faults;
    this.access = new AccessControl(token, store);
    server.listener.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.tokenController = new TokenController(
      store,
      this.access.secretTokens,
      sandboxTls().caData,
    );
    this.workloadController = new WorkloadController(store).start();
    this.discovery = new DiscoveryRoutes(store);
  }

  /** What the request handlers share. */
  private get context(): ApiServerContext {
    return { store: this.store, faults: this.faults, watches: this.watches };
  }

  static async start(options: KubeApiServerOptions): Promise<KubeApiServer> {
    const store = options.store ?? new ObjectStore();
    const faults: Faults = {
      ...NO_FAULTS,
      ...options.faults,
      errorRate: { ...options.faults?.errorRate },
    };
    const host = options.host ?? '127.0.0.1';
    // TLS and HTTP shared with the process's other API servers (tlsFront).
    const server = await listenTls(options.port ?? 0, host);
    const instance = new KubeApiServer(
      options.token,
      server,
      `https://${host}:${server.address.port}`,
      store,
      faults,
    );
    server.serve((req, res) => instance.handle(req, res));
    return instance;
  }

  /** The server's certificate (base64 PEM), for clients that verify TLS. */
  get caData(): string {
    return sandboxTls().caData;
  }

  /** Whether a client presenting `token` would be let in (ArgoCD's cluster Secrets are checked so). */
  acceptsToken(token: string | undefined): boolean {
    return this.access.userOf(token) !== undefined;
  }

  /** The path of each watch open now: how many informers a client runs, per resource. */
  openWatches(): string[] {
    return [...this.watches].map(
      res => new URL(res.req?.url ?? '/', 'https://sandbox').pathname,
    );
  }

  /** Ends every open watch now, as a flaky network or an API server restart would. */
  dropWatches(): void {
    for (const res of this.watches) res.destroy();
    this.watches.clear();
  }

  async stop(): Promise<void> {
    this.tokenController.stop();
    this.workloadController.stop();
    this.dropWatches();
    const closed = this.server.close();
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    try {
      const user = this.access.authenticate(req.headers.authorization);
      const url = new URL(req.url ?? '/', 'http://sandbox');
      this.access.authorize(
        user,
        req.method ?? 'GET',
        url,
        req.headers['content-type'],
      );
      if (this.faults.latencyMs > 0) await sleep(this.faults.latencyMs);
      const body = await readBody(req);
      const answer = this.access.serve(user, req.method ?? 'GET', url, body);
      if (answer) {
        sendJson(res, answer.code, answer.body);
        return;
      }
      await this.route(
        req.method ?? 'GET',
        url,
        req.headers['content-type'] ?? '',
        body,
        res,
      );
    } catch (error) {
      const apiError = toApiError(error);
      if (!res.headersSent) sendJson(res, apiError.code, apiError.toStatus());
      else res.end();
    }
  }

  /** Where a request goes: discovery, the faults knob, or a resource and its verb. */
  private async route(
    method: string,
    url: URL,
    contentType: string,
    body: string,
    res: http.ServerResponse,
  ) {
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/_sandbox/faults')
      return this.faultsEndpoint(method, body, res);
    if (this.discovery.serve(path, url, res)) return undefined;
    const where = groupVersionPath(path);
    if (!where)
      throw new ApiError(
        404,
        'NotFound',
        'the server could not find the requested resource',
      );
    const request = resourceRequest(this.store, where, {
      method,
      query: url.searchParams,
      contentType,
      body,
      res,
    });
    this.injectFault(request);
    return this.serveResource(request);
  }

  /** A 500 at the configured rate for this verb, as a flaky API server gives. */
  private injectFault({ verb }: ResourceRequest) {
    const rate = this.faults.errorRate[verb] ?? 0;
    if (rate > 0 && Math.random() < rate)
      throw new ApiError(
        500,
        'InternalError',
        `Internal error occurred: injected fault (${verb})`,
      );
  }

  private serveResource(request: ResourceRequest) {
    const ctx = this.context;
    switch (request.method) {
      case 'GET':
        if (request.name) return serveGet(ctx, request);
        return request.watch
          ? serveWatch(ctx, request)
          : serveList(ctx, request);
      case 'POST':
        return serveCreate(ctx, request);
      case 'PUT':
        return serveUpdate(ctx, request);
      case 'PATCH':
        return servePatch(ctx, request);
      case 'DELETE':
        return serveDelete(ctx, request);
      default:
        throw new ApiError(
          405,
          'MethodNotAllowed',
          `${request.method} is not supported`,
        );
    }
  }

  /** `PUT /_sandbox/faults` changes fault injection at run time (`dropWatchesNow: true` drops watches). */
  private faultsEndpoint(
    method: string,
    body: string,
    res: http.ServerResponse,
  ) {
    if (method === 'PUT') {
      const { dropWatchesNow, ...next } = parseObject(body);
      Object.assign(this.faults, {
        ...next,
        errorRate: { ...this.faults.errorRate, ...next.errorRate },
      });
      if (dropWatchesNow) this.dropWatches();
    }
    sendJson(res, 200, this.faults);
  }
}

function sleep(ms: number) {
  return new Promise(resolve => setTimeout(resolve, ms));
}
