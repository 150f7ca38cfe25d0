import http from 'node:http';
import https from 'node:https';
import { AddressInfo, Socket } from 'node:net';
import { ApiError, badRequest } from './errors';
import { Faults, NO_FAULTS, Verb } from './Faults';
import { ObjectStore, typeKeyOf, WatchEvent } from './ObjectStore';
import {
  jsonPatch,
  mergePatch,
  PatchError,
  strategicMergePatch,
} from './patch';
import { apiVersionOf, ResourceType } from './resources';
import {
  admissionFor,
  FieldValidation,
  fieldValidationOf,
  UnknownFieldMode,
  warningHeaders,
} from './customResources';
import { openApiAnswer, OpenApiDocuments } from './openapi';
import { groupList, resourceList } from './discovery';
import { sandboxTls } from './tls';
import { applyPatch } from './serverSideApply/request';
import { readBody, refuseDeepNesting } from './requestLimits';
import type { ManagedFieldsEntry } from './serverSideApply';
import { AccessControl, REVIEW_TYPES, withAccessDiscovery } from './rbac';
import { TokenController } from '../controllers/TokenController';
import { WorkloadController } from '../controllers/WorkloadController';
import {
  parseFieldSelector,
  parseLabelSelector,
  SelectorError,
} from './selectors';

/**
 * What the sandbox API server says it is, in `/version`.
 *
 * @public
 */
export const SANDBOX_KUBERNETES_VERSION = {
  major: '1',
  minor: '31',
  gitVersion: 'v1.31.0-arlon-sandbox',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-01-01T00:00:00Z',
  goVersion: 'go1.22.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

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
  /** `/openapi/v2` and `/openapi/v3`, from the served kinds and their CRDs. */
  private openApi?: OpenApiDocuments;

  private constructor(
    token: string,
    private readonly server: https.Server,
    readonly url: string,
    readonly store: ObjectStore,
    faults: Faults,
  ) {
    this.faults = faults;
    this.access = new AccessControl(token, store);
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    this.tokenController = new TokenController(
      store,
      this.access.secretTokens,
      sandboxTls().caData,
    );
    this.workloadController = new WorkloadController(store).start();
  }

  static async start(options: KubeApiServerOptions): Promise<KubeApiServer> {
    const store = options.store ?? new ObjectStore();
    const faults: Faults = {
      ...NO_FAULTS,
      ...options.faults,
      errorRate: { ...options.faults?.errorRate },
    };
    const tls = sandboxTls();
    const server = https.createServer({ key: tls.key, cert: tls.cert });
    server.keepAliveTimeout = 60_000;
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const instance = new KubeApiServer(
      options.token,
      server,
      `https://${host}:${port}`,
      store,
      faults,
    );
    server.on('request', (req, res) => instance.handle(req, res));
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

  /** Ends every open watch now, as a flaky network or an API server restart would. */
  dropWatches(): void {
    for (const res of this.watches) res.destroy();
    this.watches.clear();
  }

  async stop(): Promise<void> {
    this.tokenController.stop();
    this.workloadController.stop();
    this.dropWatches();
    const closed = new Promise<void>(resolve =>
      this.server.close(() => resolve()),
    );
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

  private async route(
    method: string,
    url: URL,
    contentType: string,
    body: string,
    res: http.ServerResponse,
  ) {
    const path = url.pathname.replace(/\/+$/, '');
    const q = url.searchParams;
    if (path === '/version')
      return sendJson(res, 200, SANDBOX_KUBERNETES_VERSION);
    if (path === '/healthz' || path === '/readyz' || path === '/livez')
      return sendText(res, 200, 'ok');
    if (path === '/api')
      return sendJson(res, 200, {
        kind: 'APIVersions',
        versions: ['v1'],
        serverAddressByClientCIDRs: [
          { clientCIDR: '0.0.0.0/0', serverAddress: url.host },
        ],
      });
    if (path === '/apis')
      return sendJson(
        res,
        200,
        groupList([...this.store.allTypes(), ...REVIEW_TYPES]),
      );
    if (path === '/openapi/v2' || path.startsWith('/openapi/v3')) {
      this.openApi ??= new OpenApiDocuments(this.store);
      const accept = res.req?.headers.accept ?? '';
      return sendJson(res, 200, openApiAnswer(this.openApi, path, accept));
    }
    if (path === '/_sandbox/faults')
      return this.faultsEndpoint(method, body, res);

    const m = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))(?:\/(.*))?$/.exec(path);
    if (!m)
      throw new ApiError(
        404,
        'NotFound',
        'the server could not find the requested resource',
      );
    const group = m[2] ?? '';
    const version = m[1] ?? m[3];
    const rest = m[4] ? m[4].split('/').map(decodeURIComponent) : [];
    if (rest.length === 0)
      return sendJson(
        res,
        200,
        withAccessDiscovery(group, version, () =>
          resourceList(this.store.allTypes(), group, version),
        ),
      );

    // [namespaces/{ns}/]{plural}[/{name}[/{subresource}]]
    let namespace: string | undefined;
    let parts = rest;
    if (parts[0] === 'namespaces' && parts.length >= 3) {
      namespace = parts[1];
      parts = parts.slice(2);
    }
    const [plural, name, subresource] = parts;
    const type = this.store.type(group, plural, version);
    if (!type)
      throw new ApiError(
        404,
        'NotFound',
        'the server could not find the requested resource',
      );
    if (subresource && subresource !== 'status')
      throw new ApiError(
        404,
        'NotFound',
        `the server could not find the requested resource (${subresource})`,
      );
    if (!type.namespaced && namespace)
      throw new ApiError(
        404,
        'NotFound',
        'the server could not find the requested resource',
      );

    const write = {
      dryRun: q.get('dryRun') === 'All',
      fieldManager: q.get('fieldManager') ?? undefined,
      force: q.get('force') === 'true',
      fieldValidation: fieldValidationOf(q),
    };
    const watch = q.get('watch') === 'true' || q.get('watch') === '1';
    const verb = verbOf(method, name, watch);
    const rate = this.faults.errorRate[verb] ?? 0;
    if (rate > 0 && Math.random() < rate)
      throw new ApiError(
        500,
        'InternalError',
        `Internal error occurred: injected fault (${verb})`,
      );

    switch (method) {
      case 'GET':
        if (name)
          return sendJson(res, 200, this.store.get(type, namespace, name));
        if (watch) return this.watch(type, namespace, q, res);
        return sendJson(res, 200, this.list(type, namespace, q));
      case 'POST': {
        if (name)
          throw new ApiError(
            405,
            'MethodNotAllowed',
            'POST is not supported on a named resource',
          );
        const obj = parseObject(body);
        checkKind(type, obj);
        if (
          namespace &&
          obj.metadata?.namespace &&
          obj.metadata.namespace !== namespace
        ) {
          throw badRequest(
            'the namespace of the provided object does not match the namespace sent on the request',
          );
        }
        return sendJson(
          res,
          201,
          this.store.create(
            type,
            namespace,
            this.admitted(type, obj, write, res),
            write,
          ),
        );
      }
      case 'PUT': {
        const obj = parseObject(body);
        checkKind(type, obj);
        return sendJson(
          res,
          200,
          this.store.update(
            type,
            namespace,
            name,
            this.admitted(type, obj, write, res, subresource),
            {
              ...write,
              subresource: subresource as 'status' | undefined,
            },
          ),
        );
      }
      case 'PATCH':
        return this.patch(
          type,
          namespace,
          name,
          subresource,
          contentType,
          body,
          write,
          res,
        );
      case 'DELETE':
        if (!name) return this.deleteCollection(type, namespace, q, res);
        return sendJson(
          res,
          200,
          this.store.delete(type, namespace, name, write),
        );
      default:
        throw new ApiError(
          405,
          'MethodNotAllowed',
          `${method} is not supported`,
        );
    }
  }

  private list(
    type: ResourceType,
    namespace: string | undefined,
    q: URLSearchParams,
  ) {
    const all = this.store.list(
      type,
      namespace,
      parseLabelSelector(q.get('labelSelector')),
      parseFieldSelector(q.get('fieldSelector')),
    );
    const limit = Number(q.get('limit') ?? 0);
    const offset = q.get('continue')
      ? Number(Buffer.from(q.get('continue')!, 'base64').toString('utf8'))
      : 0;
    const items =
      limit > 0 ? all.slice(offset, offset + limit) : all.slice(offset);
    const more = limit > 0 && offset + limit < all.length;
    return {
      kind: `${type.kind}List`,
      apiVersion: apiVersionOf(type),
      metadata: {
        resourceVersion: this.store.resourceVersion,
        ...(more
          ? {
              continue: Buffer.from(String(offset + limit)).toString('base64'),
              remainingItemCount: all.length - offset - limit,
            }
          : {}),
      },
      items,
    };
  }

  private watch(
    type: ResourceType,
    namespace: string | undefined,
    q: URLSearchParams,
    res: http.ServerResponse,
  ) {
    const labels = parseLabelSelector(q.get('labelSelector'));
    const fields = parseFieldSelector(q.get('fieldSelector'));
    const rvParam = q.get('resourceVersion');
    const from = rvParam && rvParam !== '0' ? Number(rvParam) : undefined;
    res.writeHead(200, {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    res.flushHeaders(); // clients wait for headers before reading events
    const send = (event: { type: string; object: unknown }) =>
      res.write(`${JSON.stringify(event)}\n`);

    if (from !== undefined && from < this.store.oldestResumable) {
      // Too old to resume: the client must list again (informers do).
      send({
        type: 'ERROR',
        object: new ApiError(
          410,
          'Expired',
          `too old resource version: ${from} (${this.store.oldestResumable})`,
        ).toStatus(),
      });
      res.end();
      return;
    }
    if (from === undefined) {
      for (const object of this.store.list(type, namespace, labels, fields))
        send({ type: 'ADDED', object });
    }
    this.watches.add(res);
    const stop = this.store.watch(
      {
        typeKey: typeKeyOf(type),
        namespace: type.namespaced ? namespace : undefined,
        labels,
        fields,
        send: (e: WatchEvent) =>
          send({ type: e.type, object: this.store.convert(e.object, type) }),
      },
      from,
    );
    const timers: NodeJS.Timeout[] = [];
    const end = () => {
      stop();
      timers.forEach(clearTimeout);
      this.watches.delete(res);
      if (!res.writableEnded) res.end();
    };
    const timeout = Number(q.get('timeoutSeconds') ?? 0);
    if (timeout > 0) timers.push(setTimeout(end, timeout * 1000));
    if (this.faults.dropWatchesAfterMs > 0)
      timers.push(
        setTimeout(() => res.destroy(), this.faults.dropWatchesAfterMs),
      );
    res.on('close', end);
  }

  private patch(
    type: ResourceType,
    namespace: string | undefined,
    name: string,
    subresource: string | undefined,
    contentType: string,
    body: string,
    write: {
      dryRun: boolean;
      fieldManager?: string;
      force?: boolean;
      fieldValidation?: FieldValidation;
    },
    res: http.ServerResponse,
  ) {
    const media = contentType.split(';')[0].trim();
    if (this.faults.unsupportedPatchTypes.includes(media))
      throw new ApiError(
        415,
        'UnsupportedMediaType',
        `the server does not accept ${media} patches`,
      );
    const isApply = media === 'application/apply-patch+yaml';
    if (isApply && !write.fieldManager)
      throw badRequest('fieldManager is required for apply requests');
    let current: any;
    try {
      current = this.store.get(type, namespace, name);
    } catch (error) {
      // Server-side apply creates what does not exist yet.
      if (isApply && error instanceof ApiError && error.code === 404) {
        const applied = this.apply(type, name, undefined, body, write);
        return sendJson(
          res,
          201,
          this.store.create(
            type,
            namespace,
            this.admitted(
              type,
              {
                ...applied.object,
                metadata: { ...applied.object.metadata, namespace },
              },
              { fieldValidation: 'Apply' },
              res,
            ),
            {
              ...write,
              managedFields: applied.managedFields,
            },
          ),
        );
      }
      throw error;
    }
    let next: any;
    let managedFields: ManagedFieldsEntry[] | undefined;
    switch (media) {
      case 'application/merge-patch+json':
        next = mergePatch(current, parseObject(body));
        break;
      case 'application/strategic-merge-patch+json':
        next = strategicMergePatch(current, parseObject(body));
        break;
      case 'application/json-patch+json':
        next = jsonPatch(current, parseJson(body));
        break;
      case 'application/apply-patch+yaml': {
        const applied = this.apply(
          type,
          name,
          current,
          body,
          write,
          subresource,
        );
        next = applied.object;
        managedFields = applied.managedFields;
        break;
      }
      default:
        throw new ApiError(
          415,
          'UnsupportedMediaType',
          'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json',
        );
    }
    // JSON patch paths can build depth no single value in the body has.
    refuseDeepNesting(next, 'the patched object');
    // A patch conflicts only when it names a resourceVersion that is stale.
    if (next.metadata?.resourceVersion === current.metadata.resourceVersion)
      delete next.metadata.resourceVersion;
    return sendJson(
      res,
      200,
      this.store.update(
        type,
        namespace,
        name,
        this.admitted(
          type,
          next,
          isApply ? { fieldValidation: 'Apply' } : write,
          res,
          subresource,
        ),
        {
          ...write,
          managedFields,
          subresource: subresource as 'status' | undefined,
        },
      ),
    );
  }

  /**
   * A custom resource as the API server would store it (./customResources);
   * `Warning` headers for unknown fields under Warn. A status write (the
   * only subresource served) is checked on its `status` alone.
   */
  private admitted(
    type: ResourceType,
    obj: any,
    write: { fieldValidation?: UnknownFieldMode },
    res: http.ServerResponse,
    subresource?: string,
  ): any {
    const admission = admissionFor(this.store);
    const mode = write.fieldValidation ?? 'Warn';
    const { object, warnings } = subresource
      ? admission.admitStatus(type, obj, mode)
      : admission.admit(type, obj, mode);
    if (warnings.length) res.setHeader('Warning', warningHeaders(warnings));
    return object;
  }

  /** Server-side apply by `write.fieldManager` (./serverSideApply). */
  private apply(
    type: ResourceType,
    name: string,
    live: any,
    body: string,
    write: { fieldManager?: string; force?: boolean },
    subresource?: string,
  ) {
    return applyPatch({
      type,
      name,
      live,
      body,
      manager: write.fieldManager!,
      force: !!write.force,
      subresource,
      time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  }

  private deleteCollection(
    type: ResourceType,
    namespace: string | undefined,
    q: URLSearchParams,
    res: http.ServerResponse,
  ) {
    const items = this.store.list(
      type,
      namespace,
      parseLabelSelector(q.get('labelSelector')),
      parseFieldSelector(q.get('fieldSelector')),
    );
    for (const item of items)
      this.store.delete(type, item.metadata.namespace, item.metadata.name);
    sendJson(res, 200, {
      kind: `${type.kind}List`,
      apiVersion: apiVersionOf(type),
      metadata: { resourceVersion: this.store.resourceVersion },
      items,
    });
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

function verbOf(
  method: string,
  name: string | undefined,
  watch: boolean,
): Verb {
  switch (method) {
    case 'GET':
      if (name) return 'get';
      return watch ? 'watch' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    default:
      return 'delete';
  }
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SelectorError || error instanceof PatchError)
    return badRequest(error.message);
  return new ApiError(
    500,
    'InternalError',
    `Internal error occurred: ${(error as Error).message}`,
  );
}

function checkKind(type: ResourceType, obj: any) {
  if (obj.kind && obj.kind !== type.kind) {
    throw badRequest(
      `the kind of the object (${obj.kind}) does not match the kind of the URL (${type.kind})`,
    );
  }
  if (obj.apiVersion && obj.apiVersion !== apiVersionOf(type)) {
    throw badRequest(
      `the API version of the object (${
        obj.apiVersion
      }) does not match the URL (${apiVersionOf(type)})`,
    );
  }
}

function parseJson(body: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(body || 'null');
  } catch (error) {
    throw badRequest(
      `the request body is not valid JSON: ${(error as Error).message}`,
    );
  }
  refuseDeepNesting(value, 'the request body');
  return value;
}

function parseObject(body: string): any {
  const value = parseJson(body);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest('the request body must be a JSON object');
  return value;
}

function sendJson(res: http.ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendText(res: http.ServerResponse, code: number, text: string) {
  res.writeHead(code, { 'content-type': 'text/plain' });
  res.end(text);
}

function sleep(ms: number) {
  return new Promise(resolve => setTimeout(resolve, ms));
}
