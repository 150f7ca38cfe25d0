import { KubeApiServer } from '../KubeApiServer';
import { send, TOKEN } from '../../__testUtils__/ssaRequests';
import { sandboxCrds } from '../crds';
import { crdSchemaViolations } from './crdSchema';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const ROOT = 'spec.versions[0].schema.openAPIV3Schema';

/** A CRD whose spec schema is `spec` (anything a client might send). */
const crdWith = (spec: unknown) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gizmos.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: { type: 'object', properties: { spec } },
        },
      },
    ],
  },
});

/**
 * Malformed CRD schemas, created through the API: each refused with 422
 * naming the schema keyword, the CRD not stored and its kind not served
 * (such a CRD used to be stored, and every write of its kind answered 500).
 */
describe('CustomResourceDefinition schemas, hostile', () => {
  let server: KubeApiServer;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: TOKEN });
  });
  afterEach(() => server.stop());

  it.each<[string, unknown, string, RegExp]>([
    [
      'an enum that is a number',
      { type: 'string', enum: 5 },
      `${ROOT}.properties[spec].enum`,
      /must be a list/,
    ],
    [
      'allOf that is an object',
      { type: 'object', allOf: {} },
      `${ROOT}.properties[spec].allOf`,
      /must be a list of schemas/,
    ],
    [
      'list map keys that are a number',
      {
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': 5,
        items: { type: 'object' },
      },
      `${ROOT}.properties[spec].x-kubernetes-list-map-keys`,
      /must be a list of strings/,
    ],
    [
      'properties that are a number',
      { type: 'object', properties: 5 },
      `${ROOT}.properties[spec].properties`,
      /must be a map of schemas/,
    ],
    [
      'a property schema that is null',
      { type: 'object', properties: { a: null } },
      `${ROOT}.properties[spec].properties[a]`,
      /must be a schema object/,
    ],
    [
      'items as a list (OpenAPI v2 tuple form)',
      { type: 'array', items: [{ type: 'string' }] },
      `${ROOT}.properties[spec].items`,
      /not an array/,
    ],
    [
      'an unknown type',
      { type: 'strang' },
      `${ROOT}.properties[spec].type`,
      /^Unsupported value: "strang"/,
    ],
    [
      'required as a string',
      { type: 'object', required: 'a' },
      `${ROOT}.properties[spec].required`,
      /must be a list of strings/,
    ],
    [
      'a pattern RE2 cannot compile (lookahead)',
      { type: 'string', pattern: '^(?=a)' },
      `${ROOT}.properties[spec].pattern`,
      /must be a valid regular expression \(RE2 syntax\)/,
    ],
    [
      'a negative maxLength',
      { type: 'string', maxLength: -1 },
      `${ROOT}.properties[spec].maxLength`,
      /non-negative integer/,
    ],
    [
      'nullable as a string',
      { type: 'string', nullable: 'yes' },
      `${ROOT}.properties[spec].nullable`,
      /must be a boolean/,
    ],
    [
      'an unknown list type',
      { type: 'array', 'x-kubernetes-list-type': 'bag' },
      `${ROOT}.properties[spec].x-kubernetes-list-type`,
      /^Unsupported value: "bag"/,
    ],
  ])(
    '%s: 422 naming the keyword, nothing stored',
    async (_label, spec, field, message) => {
      const res = await send(
        server,
        'POST',
        CRDS,
        JSON.stringify(crdWith(spec)),
      );
      expect(res.status).toBe(422);
      expect(res.body.details.causes).toEqual([
        expect.objectContaining({
          field,
          message: expect.stringMatching(message),
        }),
      ]);
      expect(
        (await send(server, 'GET', `${CRDS}/gizmos.example.com`)).status,
      ).toBe(404);
      expect(
        (
          await send(
            server,
            'GET',
            '/apis/example.com/v1/namespaces/default/gizmos',
          )
        ).status,
      ).toBe(404);
    },
  );

  it('refuses an update that breaks a stored CRD, keeping the schema it had', async () => {
    expect(
      (
        await send(
          server,
          'POST',
          CRDS,
          JSON.stringify(crdWith({ type: 'object' })),
        )
      ).status,
    ).toBe(201);
    const res = await send(
      server,
      'PUT',
      `${CRDS}/gizmos.example.com`,
      JSON.stringify(crdWith({ type: 'object', properties: { a: 'string' } })),
    );
    expect(res.status).toBe(422);
    const gizmo = await send(
      server,
      'POST',
      '/apis/example.com/v1/namespaces/default/gizmos',
      JSON.stringify({
        apiVersion: 'example.com/v1',
        kind: 'Gizmo',
        metadata: { name: 'g' },
        spec: { a: 1 },
      }),
    );
    expect(gizmo.status).toBe(201);
  });

  it('reports at most 100 causes for a schema with thousands of broken properties', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'strang' }]),
    );
    expect(
      crdSchemaViolations(crdWith({ type: 'object', properties })),
    ).toHaveLength(100);
  });

  it('finds nothing wrong in any upstream CRD the sandbox serves', () => {
    expect(
      sandboxCrds().flatMap(crd =>
        crdSchemaViolations(crd).map(
          c => `${crd.metadata.name} ${c.field}: ${c.message}`,
        ),
      ),
    ).toEqual([]);
  });
});
