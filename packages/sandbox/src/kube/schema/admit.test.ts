import { admitCustomResource, StructuralSchema } from './index';

const crd = (spec: StructuralSchema): StructuralSchema => ({
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec,
  },
});
const obj = (spec: unknown) => ({
  apiVersion: 'example.io/v1',
  kind: 'Thing',
  metadata: { name: 'a', labels: { x: 'y' } },
  spec,
});

describe('admitCustomResource', () => {
  describe('pruning', () => {
    const schema = crd({
      type: 'object',
      properties: {
        known: { type: 'string' },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        embedded: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object' } },
        },
        list: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    });

    it('drops unknown fields and names them by path', () => {
      const result = admitCustomResource(
        obj({ known: 'k', region: 'eu', list: [{ name: 'a', size: 3 }] }),
        schema,
      );
      expect(result.unknownFields).toEqual([
        'spec.region',
        'spec.list[0].size',
      ]);
      expect(result.object.spec).toEqual({ known: 'k', list: [{ name: 'a' }] });
      expect(result.violations).toEqual([]);
    });

    it('keeps apiVersion, kind and metadata at the root and in embedded resources', () => {
      const result = admitCustomResource(
        obj({
          embedded: {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: 'p' },
            spec: {},
            other: 1,
          },
        }),
        schema,
      );
      expect(result.object.metadata).toEqual({ name: 'a', labels: { x: 'y' } });
      expect(result.object.spec.embedded).toEqual({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p' },
        spec: {},
      });
      expect(result.unknownFields).toEqual(['spec.embedded.other']);
    });

    it('keeps everything under x-kubernetes-preserve-unknown-fields and map values', () => {
      const result = admitCustomResource(
        obj({ free: { a: { b: 1 } }, labels: { any: 'thing' } }),
        schema,
      );
      expect(result.unknownFields).toEqual([]);
      expect(result.object.spec).toEqual({
        free: { a: { b: 1 } },
        labels: { any: 'thing' },
      });
    });

    it('leaves the input as sent', () => {
      const input = obj({ region: 'eu' });
      admitCustomResource(input, schema);
      expect(input.spec).toEqual({ region: 'eu' });
    });
  });

  describe('defaults', () => {
    const schema = crd({
      type: 'object',
      properties: {
        replicas: { type: 'integer', default: 1 },
        strategy: {
          type: 'object',
          default: {},
          properties: { type: { type: 'string', default: 'RollingUpdate' } },
        },
        paused: { type: 'boolean', default: false },
        note: { type: 'string', nullable: true, default: 'n' },
      },
    });

    it('fills absent fields, and the defaults inside a defaulted object', () => {
      expect(admitCustomResource(obj({}), schema).object.spec).toEqual({
        replicas: 1,
        strategy: { type: 'RollingUpdate' },
        paused: false,
        note: 'n',
      });
    });

    it('replaces a null non-nullable field by its default, keeps a nullable null', () => {
      const result = admitCustomResource(
        obj({ paused: null, note: null }),
        schema,
      );
      expect(result.object.spec.paused).toBe(false);
      expect(result.object.spec.note).toBeNull();
      expect(result.violations).toEqual([]);
    });

    it('drops a null non-nullable field without a default', () => {
      const result = admitCustomResource(
        obj({ region: null }),
        crd({ type: 'object', properties: { region: { type: 'string' } } }),
      );
      expect(result.object.spec).toEqual({});
      expect(result.violations).toEqual([]);
    });
  });

  describe('validation', () => {
    const v = (spec: StructuralSchema, value: unknown) =>
      admitCustomResource(obj(value), crd(spec)).violations;

    it('names a missing required field', () => {
      expect(
        v(
          {
            type: 'object',
            required: ['region'],
            properties: { region: { type: 'string' } },
          },
          {},
        ),
      ).toEqual([
        {
          field: 'spec.region',
          reason: 'FieldValueRequired',
          message: 'Required value',
        },
      ]);
    });

    it('refuses a string where a boolean belongs', () => {
      expect(
        v(
          { type: 'object', properties: { paused: { type: 'boolean' } } },
          { paused: 'true' },
        ),
      ).toEqual([
        {
          field: 'spec.paused',
          reason: 'FieldValueTypeInvalid',
          message:
            'Invalid value: "string": spec.paused in body must be of type boolean: "string"',
        },
      ]);
    });

    it('tells integers from numbers', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: { n: { type: 'integer' }, f: { type: 'number' } },
      };
      expect(v(schema, { n: 1, f: 2 })).toEqual([]);
      expect(v(schema, { n: 1.5 })[0].message).toMatch(
        /must be of type integer/,
      );
    });

    it('accepts an integer or a string for x-kubernetes-int-or-string, nothing else', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: { port: { 'x-kubernetes-int-or-string': true } },
      };
      expect(v(schema, { port: 80 })).toEqual([]);
      expect(v(schema, { port: 'http' })).toEqual([]);
      expect(v(schema, { port: true })[0].message).toMatch(
        /must be of type integer or string/,
      );
    });

    it('lists the supported values of an enum', () => {
      expect(
        v(
          {
            type: 'object',
            properties: { mode: { type: 'string', enum: ['a', 'b'] } },
          },
          { mode: 'c' },
        ),
      ).toEqual([
        {
          field: 'spec.mode',
          reason: 'FieldValueNotSupported',
          message: 'Unsupported value: "c": supported values: "a", "b"',
        },
      ]);
    });

    it('checks patterns', () => {
      expect(
        v(
          {
            type: 'object',
            properties: { id: { type: 'string', pattern: '^[a-z]+$' } },
          },
          { id: 'A1' },
        )[0].message,
      ).toBe(`Invalid value: "A1": spec.id in body should match '^[a-z]+$'`);
    });

    it('checks the formats the API server checks, and ignores the others', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' },
          cidr: { type: 'string', format: 'cidr' },
          ip: { type: 'string', format: 'ipv6' },
          n: { type: 'integer', format: 'int32' },
          free: { type: 'string', format: 'whatever' },
        },
      };
      expect(
        v(schema, {
          at: '2026-01-01T00:00:00Z',
          cidr: '10.0.0.0/8',
          ip: '::1',
          n: 5,
          free: '?',
        }),
      ).toEqual([]);
      expect(
        v(schema, {
          at: 'yesterday',
          cidr: '10.0.0.0/33',
          ip: '1::2::3',
          n: 2 ** 40,
        }).map(x => x.field),
      ).toEqual(['spec.at', 'spec.cidr', 'spec.ip', 'spec.n']);
    });

    it('checks string, number, array and object limits', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: {
          s: { type: 'string', minLength: 2, maxLength: 3 },
          n: { type: 'integer', minimum: 1, maximum: 3 },
          a: {
            type: 'array',
            minItems: 1,
            maxItems: 2,
            items: { type: 'string' },
          },
          o: {
            type: 'object',
            maxProperties: 1,
            additionalProperties: { type: 'string' },
          },
        },
      };
      expect(v(schema, { s: 'ab', n: 2, a: ['x'], o: { k: 'v' } })).toEqual([]);
      expect(
        v(schema, {
          s: 'abcd',
          n: 4,
          a: ['x', 'y', 'z'],
          o: { k: 'v', l: 'w' },
        }).map(x => x.message),
      ).toEqual([
        'Too long: may not be more than 3 bytes',
        'Invalid value: 4: spec.n in body should be less than or equal to 3',
        'Too many: 3: must have at most 2 items',
        'Too many: 2: must have at most 1 items',
      ]);
      expect(v(schema, { s: 'a', n: 0, a: [] }).map(x => x.message)).toEqual([
        'Invalid value: "a": spec.s in body should be at least 2 chars long',
        'Invalid value: 0: spec.n in body should be greater than or equal to 1',
        'Invalid value: "array": spec.a in body should have at least 1 items',
      ]);
    });

    it('refuses null where the field is nullable only when it says so', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'string' } } },
      };
      expect(v(schema, { list: ['a', null] })[0]).toEqual({
        field: 'spec.list[1]',
        reason: 'FieldValueTypeInvalid',
        message:
          'Invalid value: "null": spec.list[1] in body must be of type string: "null"',
      });
    });

    it('finds duplicates in set and map lists', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: {
          set: {
            type: 'array',
            'x-kubernetes-list-type': 'set',
            items: { type: 'string' },
          },
          map: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, v: { type: 'integer' } },
            },
          },
        },
      };
      expect(
        v(schema, {
          set: ['a', 'a'],
          map: [
            { name: 'x', v: 1 },
            { name: 'x', v: 2 },
          ],
        }).map(x => `${x.field} ${x.reason}`),
      ).toEqual([
        'spec.set[1] FieldValueDuplicate',
        'spec.map[1] FieldValueDuplicate',
      ]);
    });

    it('applies oneOf and anyOf as value constraints', () => {
      const schema: StructuralSchema = {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        oneOf: [{ required: ['a'] }, { required: ['b'] }],
      };
      expect(v(schema, { a: 'x' })).toEqual([]);
      expect(v(schema, { a: 'x', b: 'y' })[0].message).toMatch(
        /one and only one schema \(oneOf\)/,
      );
      expect(
        v({ ...schema, oneOf: undefined, anyOf: schema.oneOf }, {})[0].message,
      ).toMatch(/at least one schema \(anyOf\)/);
    });

    it('does not validate metadata against the CRD schema', () => {
      const schema: StructuralSchema = {
        ...crd({ type: 'object' }),
        required: ['spec'],
      };
      schema.properties!.metadata = {
        type: 'object',
        properties: { name: { type: 'string', maxLength: 1 } },
      };
      expect(admitCustomResource(obj({}), schema).violations).toEqual([]);
    });
  });
});
