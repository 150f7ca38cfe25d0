import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { ArlonApi, ArlonClient } from './ArlonClient';

const BASE = 'http://backstage.test/api/arlon';
/** A name that must be escaped in a path: a slash and a space. */
const ODD = 'qa 1/x';
const ODD_PATH = 'qa%201%2Fx';

const report = {
  title: 'cluster qa-1 → bundle web',
  left: { kind: 'cluster', name: 'qa-1' },
  right: { kind: 'bundle', name: 'web' },
  createdAt: '2026-12-02T10:00:00.000Z',
  summary: { create: 0, update: 1, delete: 0, unchanged: 0 },
  sections: [],
} as const;
const saved = {
  ...report,
  id: 'r1',
  savedBy: 'user:default/jane',
  savedAt: '2026-12-02T10:01:00.000Z',
};

interface Case {
  method: keyof ArlonApi;
  call(client: ArlonApi): Promise<unknown>;
  /** What the client must send (a body other than JSON with its type, e.g. a definition's YAML). */
  request: {
    method: string;
    path: string;
    body?: unknown;
    contentType?: string;
    ifMatch?: string;
  };
  /** What the server answers… */
  response: {
    status?: number;
    json?: unknown;
    headers?: Record<string, string>;
    text?: string;
  };
  /** …and what the call resolves to. */
  result: unknown;
}

/** Every method of ArlonApi, each against a recorded server. */
const cases: Case[] = [
  {
    method: 'getHealth',
    call: c => c.getHealth(),
    request: { method: 'GET', path: '/health' },
    response: { json: { managementClusters: [], checkedAt: 't' } },
    result: { managementClusters: [], checkedAt: 't' },
  },
  {
    method: 'verify',
    call: c => c.verify(),
    request: { method: 'GET', path: '/verify' },
    response: { json: { ok: false, problems: [{ file: 'a' }] } },
    result: { ok: false, problems: [{ file: 'a' }] },
  },
  {
    method: 'list',
    call: c => c.list('clusters'),
    request: { method: 'GET', path: '/clusters' },
    response: { json: { commit: 'c1', items: [{ name: 'qa-1' }] } },
    result: { commit: 'c1', items: [{ name: 'qa-1' }] },
  },
  {
    method: 'get',
    call: c => c.get('profiles', ODD),
    request: { method: 'GET', path: `/profiles/${ODD_PATH}` },
    response: { json: { name: ODD, commit: 'c1' } },
    result: { name: ODD, commit: 'c1' },
  },
  {
    method: 'assignProfiles',
    call: c =>
      c.assignProfiles(
        'apply',
        { profiles: ['apps'], clusters: ['qa-1'] } as any,
        { dryRun: true },
      ),
    request: {
      method: 'POST',
      path: '/profiles/apply?dryRun=true',
      body: { profiles: ['apps'], clusters: ['qa-1'] },
    },
    response: { json: { files: [], changed: ['qa-1'] } },
    result: { files: [], changed: ['qa-1'] },
  },
  {
    method: 'clusterAction',
    call: c => c.clusterAction(ODD, 'refresh'),
    request: { method: 'POST', path: `/clusters/${ODD_PATH}/refresh` },
    response: { json: { applications: ['qa-1-web'] } },
    result: { applications: ['qa-1-web'] },
  },
  {
    method: 'previewClusterRemoval',
    call: c => c.previewClusterRemoval(ODD, 'unregister'),
    request: {
      method: 'POST',
      path: `/clusters/${ODD_PATH}/unregister?dryRun=true`,
    },
    response: { json: { steps: ['a'] } },
    result: { steps: ['a'] },
  },
  {
    method: 'removeCluster',
    call: c => c.removeCluster(ODD, 'delete'),
    request: { method: 'DELETE', path: `/clusters/${ODD_PATH}` },
    response: { status: 202, json: { commit: 'c2' } },
    result: { commit: 'c2' },
  },
  {
    method: 'compare',
    call: c =>
      c.compare({
        left: { kind: 'cluster', name: 'qa-1' },
        right: { kind: 'bundle', name: 'web' },
        serverSide: false,
      }),
    request: {
      method: 'POST',
      path: '/diff',
      body: {
        left: { kind: 'cluster', name: 'qa-1' },
        right: { kind: 'bundle', name: 'web' },
        serverSide: false,
      },
    },
    response: { json: report },
    result: report,
  },
  {
    method: 'listReports',
    call: c => c.listReports(),
    request: { method: 'GET', path: '/diff/reports' },
    response: { json: { items: [saved] } },
    // The items, not the envelope.
    result: [saved],
  },
  {
    method: 'getReport',
    call: c => c.getReport('r 1/2'),
    request: { method: 'GET', path: '/diff/reports/r%201%2F2' },
    response: { json: saved },
    result: saved,
  },
  {
    method: 'saveReport',
    call: c => c.saveReport(report as any),
    request: { method: 'POST', path: '/diff/reports', body: report },
    response: { status: 201, json: saved },
    result: saved,
  },
  {
    method: 'deleteReport',
    call: c => c.deleteReport('r 1/2'),
    request: { method: 'DELETE', path: '/diff/reports/r%201%2F2' },
    response: { status: 204 },
    result: undefined,
  },
  {
    method: 'exportReport',
    call: c => c.exportReport('r1'),
    request: { method: 'GET', path: '/diff/reports/r1/export' },
    response: {
      text: '{"kind":"DiffReport"}',
      headers: {
        'content-type': 'application/json',
        'content-disposition': 'attachment; filename="cluster-qa-1.json"',
      },
    },
    // The file as the server wrote it, and the name it gave.
    result: { fileName: 'cluster-qa-1.json', text: '{"kind":"DiffReport"}' },
  },
  {
    method: 'importReport',
    call: c =>
      c.importReport({ apiVersion: 'arlon.io/v1', kind: 'DiffReport' }),
    request: {
      method: 'POST',
      path: '/diff/reports/import',
      body: { apiVersion: 'arlon.io/v1', kind: 'DiffReport' },
    },
    response: { status: 201, json: saved },
    result: saved,
  },
  {
    method: 'getDefinitionSource',
    call: c => c.getDefinitionSource('clusterspecs', ODD),
    request: { method: 'GET', path: `/clusterspecs/${ODD_PATH}/source` },
    response: { json: { file: 'arlon/clusterspecs/x.yaml', etag: '"e"' } },
    result: { file: 'arlon/clusterspecs/x.yaml', etag: '"e"' },
  },
  {
    method: 'checkDefinition',
    call: c => c.checkDefinition('profiles', ODD, 'kind: Profile # as typed\n'),
    // The text as typed, comments and all: never re-serialised.
    request: {
      method: 'POST',
      path: `/profiles/${ODD_PATH}/check`,
      body: 'kind: Profile # as typed\n',
      contentType: 'application/yaml',
    },
    response: { json: { valid: false, problems: [{ line: 1 }] } },
    result: { valid: false, problems: [{ line: 1 }] },
  },
  {
    method: 'updateDefinition',
    call: c => c.updateDefinition('bundles', ODD, 'kind: Bundle\n', '"abc"'),
    request: {
      method: 'PUT',
      path: `/bundles/${ODD_PATH}`,
      body: 'kind: Bundle\n',
      contentType: 'application/yaml',
      ifMatch: '"abc"',
    },
    response: { json: { dryRun: false, commit: 'c1', files: [] } },
    result: { dryRun: false, commit: 'c1', files: [] },
  },
];

/** The recorded answer as a response: text with its headers, JSON, or no body. */
function answer({ status = 200, json, text, headers }: Case['response']) {
  if (text !== undefined) return new HttpResponse(text, { status, headers });
  if (json === undefined) return new HttpResponse(null, { status });
  return HttpResponse.json(json, { status });
}

/** A request's body as sent: JSON read as data, any other text as it is. */
function bodyOf(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  return contentType === 'application/json' ? JSON.parse(text) : text;
}

const server = setupServer();

describe('ArlonClient, every method against a recorded server', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const client = new ArlonClient({
    discoveryApi: { getBaseUrl: async id => `http://backstage.test/api/${id}` },
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });

  /** Answers every request under /api/arlon with `respond`, recording what came. */
  function record(respond: (request: Request) => Response) {
    const seen: Array<{
      method: string;
      path: string;
      contentType: string | null;
      ifMatch: string | null;
      body: unknown;
    }> = [];
    server.use(
      http.all(`${BASE}/*`, async ({ request }) => {
        const text = await request.text();
        const url = new URL(request.url);
        seen.push({
          method: request.method,
          path: `${url.pathname.slice('/api/arlon'.length)}${url.search}`,
          contentType: request.headers.get('content-type'),
          ifMatch: request.headers.get('if-match'),
          body: bodyOf(text, request.headers.get('content-type')),
        });
        return respond(request);
      }),
    );
    return seen;
  }

  it('covers every method of ArlonApi', () => {
    const methods = Object.getOwnPropertyNames(ArlonClient.prototype).filter(
      m => m !== 'constructor' && m !== 'request' && m !== 'fetch',
    );
    expect(cases.map(c => c.method).sort()).toEqual(methods.sort());
  });

  it.each(cases.map(c => [c.method, c] as const))(
    '%s sends the request the backend routes and returns what it answers',
    async (_, c) => {
      const seen = record(() => answer(c.response));
      await expect(c.call(client)).resolves.toEqual(c.result);
      expect(seen).toEqual([
        {
          method: c.request.method,
          path: c.request.path,
          contentType:
            c.request.contentType ??
            (c.request.body === undefined ? null : 'application/json'),
          ifMatch: c.request.ifMatch ?? null,
          body: c.request.body,
        },
      ]);
    },
  );

  it.each(cases.map(c => [c.method, c] as const))(
    '%s rejects with the backend’s status and message when it refuses',
    async (_, c) => {
      record(() =>
        HttpResponse.json(
          {
            error: {
              name: 'NotAllowedError',
              message: 'You may not: permission arlon.fleet.admin',
            },
            response: { statusCode: 403 },
          },
          { status: 403 },
        ),
      );
      await expect(c.call(client)).rejects.toMatchObject({
        name: 'ResponseError',
        statusCode: 403,
        body: {
          error: {
            name: 'NotAllowedError',
            message: 'You may not: permission arlon.fleet.admin',
          },
        },
      });
    },
  );
});
