import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Sandbox } from '@arlon-backstage/arlon-sandbox';
import fc from 'fast-check';
import request from 'supertest';
import { stringify } from 'yaml';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import { fleetModel } from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/arbitraries';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import {
  fuzzParameters,
  fuzzTimeout,
} from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/fuzz';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import {
  applyEdit,
  hostileName,
  hostileValue,
  hostileYaml,
} from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/hostile';
import { arlonPlugin } from '../plugin';

const run = promisify(execFile);
const EXAMPLE = path.resolve(__dirname, '../../../../examples/fleet');
const SEGMENTS = {
  Bundle: 'bundles',
  Profile: 'profiles',
  ClusterSpec: 'clusterspecs',
  Cluster: 'clusters',
} as const;

/** A definition from a generated fleet, perhaps edited away from valid. */
const definition = fleetModel.chain(model => {
  const all = [
    ...model.bundles,
    ...model.profiles,
    ...model.clusterSpecs,
    ...model.clusters,
  ];
  return fc.record({
    object: fc.constantFrom(...all),
    edits: fc.array(
      fc.oneof(
        fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
        fc.record({
          op: fc.constant('set' as const),
          pick: fc.nat(),
          value: fc.oneof(hostileValue, hostileName),
        }),
      ),
      { maxLength: 2 },
    ),
  });
});

/** A request body: YAML text or JSON, of a definition, a fragment, or nonsense. */
const body = fc.oneof(
  definition.map(({ object, edits }) => ({
    segment: SEGMENTS[object.kind],
    name: object.metadata.name,
    yaml: true,
    payload: stringify(edits.reduce<unknown>(applyEdit, object)),
  })),
  definition.map(({ object, edits }) => ({
    segment: SEGMENTS[object.kind],
    name: object.metadata.name,
    yaml: false,
    payload: edits.reduce<unknown>(applyEdit, object) as object,
  })),
  fc.record({
    segment: fc.constantFrom(...Object.values(SEGMENTS)),
    name: fc.oneof(fc.constant('x'), hostileName),
    yaml: fc.constant(true),
    payload: hostileYaml,
  }),
  fc.record({
    segment: fc.constantFrom(...Object.values(SEGMENTS)),
    name: fc.oneof(fc.constant('x'), hostileName),
    yaml: fc.constant(false),
    payload: fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 3 })),
  }),
);

/** Where a 4xx says the problem is: a file and line, a field, the body, the URL or the name. */
const NAMES_WHERE =
  /\.ya?ml:\d+|\b(metadata\.name|spec\.|kind|body|URL|definition|document|profiles|clusters|selector|left|right|bundle|serverSide|JSON|YAML)\b|"[^"]*"/;

describe('dry runs and validation of the REST API, property-based', () => {
  let sandbox: Sandbox;
  let server: any;
  const head = async () =>
    (
      await run('git', ['ls-remote', sandbox.fleetRepoUrl, 'refs/heads/main'])
    ).stdout.split('\t')[0];

  beforeAll(async () => {
    sandbox = await Sandbox.start({
      fleetSeedDir: EXAMPLE,
      argocdResyncMs: 60_000,
    });
    ({ server } = await startTestBackend({
      features: [
        arlonPlugin,
        mockServices.rootConfig.factory({
          data: {
            arlon: {
              fleetRepo: { url: sandbox.fleetRepoUrl, branch: 'main' },
              managementClusters: [],
            },
          },
        }),
        mockServices.permissions.mock({
          authorize: async requests =>
            requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
          authorizeConditional: async requests =>
            requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
        }).factory,
      ],
    }));
    await request(server).post('/api/arlon/regenerate').expect(200);
  });
  afterAll(() => sandbox.stop());

  const send = (
    method: 'post' | 'put',
    url: string,
    payload: unknown,
    yaml: boolean,
  ) => {
    const r = request(server)[method](`/api/arlon${url}`);
    return yaml
      ? r.set('Content-Type', 'application/yaml').send(String(payload))
      : r.set('Content-Type', 'application/json').send(JSON.stringify(payload));
  };

  /** The answer to any body: never a 5xx; a 4xx says what and where. */
  const expectAnswered = (res: request.Response) => {
    expect(res.status).toBeLessThan(500);
    const message: string =
      res.status >= 400 ? res.body?.error?.message ?? '' : 'ok "answered"';
    expect(message).toMatch(NAMES_WHERE);
  };

  it(
    'answers every definition create and update dry run without a 5xx, a 4xx naming where, and commits nothing',
    async () => {
      const before = await head();
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (b, update) => {
          const res = update
            ? await send(
                'put',
                `/${b.segment}/${encodeURIComponent(b.name)}?dryRun=true`,
                b.payload,
                b.yaml,
              )
            : await send(
                'post',
                `/${b.segment}?dryRun=true`,
                b.payload,
                b.yaml,
              );
          expectAnswered(res);
        }),
        fuzzParameters(10),
      );
      expect(await head()).toBe(before);
    },
    fuzzTimeout(120_000),
  );

  it(
    'answers every profile apply and remove dry run without a 5xx, and commits nothing',
    async () => {
      const before = await head();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('apply', 'remove'),
          fc.record(
            {
              profiles: fc.oneof(
                fc.constant(['infrastructure']),
                fc.array(fc.oneof(hostileName, fc.constantFrom('apps')), {
                  maxLength: 3,
                }),
                hostileValue,
              ),
              clusters: fc.oneof(
                fc.constant(['dev-local']),
                fc.array(hostileName, { maxLength: 3 }),
                hostileValue,
              ),
              selector: fc.oneof(
                fc.constantFrom('env=prod', 'env in (dev,staging)', '!env'),
                fc.string({ maxLength: 40 }),
                hostileValue,
              ),
            },
            { requiredKeys: [] },
          ),
          async (mode, payload) => {
            expectAnswered(
              await send(
                'post',
                `/profiles/${mode}?dryRun=true`,
                payload,
                false,
              ),
            );
          },
        ),
        fuzzParameters(20),
      );
      expect(await head()).toBe(before);
    },
    fuzzTimeout(120_000),
  );

  it(
    'answers every comparison request that names nothing comparable with a 4xx naming the field',
    async () => {
      const target = fc.oneof(
        fc.record({
          kind: fc.constantFrom('bundle', 'profile', 'cluster'),
          name: fc.oneof(hostileName, fc.constant('no-such-thing')),
        }),
        fc.record({
          kind: fc.oneof(hostileValue, fc.string()),
          name: hostileValue,
        }),
        hostileValue,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              left: target,
              right: target,
              bundle: fc.oneof(hostileName, hostileValue),
              serverSide: hostileValue,
            },
            { requiredKeys: [] },
          ),
          async payload => {
            expectAnswered(await send('post', '/diff', payload, false));
          },
        ),
        fuzzParameters(20),
      );
    },
    fuzzTimeout(120_000),
  );
});
