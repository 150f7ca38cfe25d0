import { KubeApiServer } from './KubeApiServer';
import { APPLY, CM, send, TOKEN } from '../__testUtils__/ssaRequests';
import { serveUpstreamCrds } from '../__testUtils__/upstreamCrds';
import { MAX_REQUEST_BODY_BYTES } from './requestLimits';

const CLUSTERS = '/apis/cluster.x-k8s.io/v1beta2/namespaces/default/clusters';
const GADGETS = '/apis/example.com/v1/namespaces/default/gadgets';

const nested = (depth: number, leaf = '{}') => {
  let s = leaf;
  for (let i = 0; i < depth; i++) s = `{"a":${s}}`;
  return s;
};

/** A CRD as anyone with the token could create it: its pattern backtracks catastrophically in a RegExp. */
const gadgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: { name: { type: 'string', pattern: '^(a+)+$' } },
              },
            },
          },
        },
      },
    ],
  },
};

/**
 * Request bodies meant to hurt the sandbox API server (which runs inside the
 * portal's backend when enabled): each is refused as kube-apiserver would,
 * with the reason named, nothing written, and the server still answering.
 */
describe('sandbox API server, hostile request bodies', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
  });
  afterEach(() => server.stop());

  const get = async (path: string) => (await send(server, 'GET', path)).status;
  const createCapiClusterCrd = () =>
    serveUpstreamCrds(server, 'clusters.cluster.x-k8s.io');

  it('refuses a body over 3 MiB with 413, writing nothing', async () => {
    const big = JSON.stringify({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'big' },
      data: { x: 'x'.repeat(MAX_REQUEST_BODY_BYTES) },
    });
    const res = await send(server, 'POST', CM, big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      reason: 'RequestEntityTooLarge',
      message: `Request entity too large: limit is ${MAX_REQUEST_BODY_BYTES}`,
    });
    expect(await get(`${CM}/big`)).toBe(404);
  });

  it('refuses a JSON body nested 100,000 levels deep with 400 naming where, not a 500', async () => {
    const res = await send(
      server,
      'POST',
      CM,
      `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":{"x":${nested(
        100_000,
      )}}}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^the request body is nested deeper than 256 levels \(at data\.x(\.a)+\); flatten it$/,
    );
    expect(await get(`${CM}/deep`)).toBe(404);
  });

  it('refuses a deep custom resource with 400 before admission walks it', async () => {
    createCapiClusterCrd();
    const res = await send(
      server,
      'POST',
      CLUSTERS,
      `{"apiVersion":"cluster.x-k8s.io/v1beta2","kind":"Cluster","metadata":{"name":"deep"},"spec":{"paused":false,"x":${nested(
        10_000,
      )}}}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at spec\.x(\.a)+\)/);
    expect(await get(`${CLUSTERS}/deep`)).toBe(404);
  });

  it('refuses a JSON patch whose paths build a too-deep object, changing nothing', async () => {
    await send(
      server,
      'POST',
      CM,
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","annotations":{}}}',
    );
    // Each value is shallow; the paths stack them 200 levels at a time.
    const ops = [];
    let path = '/metadata/annotations/x';
    for (let i = 0; i < 5; i++) {
      ops.push({ op: 'add', path, value: JSON.parse(nested(200)) });
      path += '/a'.repeat(200);
    }
    const res = await send(
      server,
      'PATCH',
      `${CM}/cm`,
      JSON.stringify(ops),
      'application/json-patch+json',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^the patched object is nested deeper than 256 levels/,
    );
    const live = await send(server, 'GET', `${CM}/cm`);
    expect(live.body.metadata.annotations).toEqual({});
  });

  it('refuses an apply patch nested 400 levels deep with 400, creating nothing', async () => {
    const res = await send(
      server,
      'PATCH',
      `${CM}/deep?fieldManager=alice`,
      `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"data":{"x":${nested(
        400,
      )}}}`,
      APPLY,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^the apply patch is nested deeper than 256 levels \(at data\.x/,
    );
    expect(await get(`${CM}/deep`)).toBe(404);
  });

  it('refuses a YAML alias bomb in an apply patch with 400, creating nothing', async () => {
    const levels = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const lines = levels.map((l, i) =>
      i === 0
        ? `  ${l}: &${l} [x, x, x, x, x, x, x, x, x]`
        : `  ${l}: &${l} [${Array(9)
            .fill(`*${levels[i - 1]}`)
            .join(', ')}]`,
    );
    const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n${lines.join(
      '\n',
    )}\n`;
    const res = await send(
      server,
      'PATCH',
      `${CM}/bomb?fieldManager=alice`,
      body,
      APPLY,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^the apply patch is not valid YAML: /);
    expect(await get(`${CM}/bomb`)).toBe(404);
  });

  it('bounds the Warning headers for thousands of unknown fields, so a Node client can still read the answer', async () => {
    createCapiClusterCrd();
    const spec: Record<string, unknown> = { paused: false };
    for (let i = 0; i < 20_000; i++) spec[`unknown${i}`] = i;
    // Node's http client refuses headers over 16 KiB ("Header overflow"): the write would look failed.
    const res = await send(
      server,
      'POST',
      CLUSTERS,
      JSON.stringify({
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'wide' },
        spec,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.spec).toEqual({ paused: false });
  });

  it('matches a CRD pattern that backtracks catastrophically in linear time, answering 422 naming the field', async () => {
    const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    expect(
      (await send(server, 'POST', crds, JSON.stringify(gadgetCrd))).status,
    ).toBe(201);
    const res = await send(
      server,
      'POST',
      GADGETS,
      JSON.stringify({
        apiVersion: 'example.com/v1',
        kind: 'Gadget',
        metadata: { name: 'g' },
        spec: { name: `${'a'.repeat(100_000)}!` },
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.details.causes).toEqual([
      expect.objectContaining({
        field: 'spec.name',
        message: expect.stringMatching(/should match '\^\(a\+\)\+\$'$/),
      }),
    ]);
    expect(await get(`${GADGETS}/g`)).toBe(404);
  });

  it('refuses a fieldValidation directive it does not know with 400 naming the choices, writing nothing', async () => {
    createCapiClusterCrd();
    const res = await send(
      server,
      'POST',
      `${CLUSTERS}?fieldValidation=${encodeURIComponent('Strict\r\nX: y')}`,
      JSON.stringify({
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: { paused: false },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/is not one of Ignore, Warn, Strict$/);
    expect(await get(`${CLUSTERS}/c1`)).toBe(404);
  });
});
