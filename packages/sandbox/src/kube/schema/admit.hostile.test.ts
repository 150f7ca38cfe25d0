import { admitCustomResource, StructuralSchema } from './index';
import { MAX_NESTING, MAX_VIOLATIONS } from './types';

const schema: StructuralSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        name: { type: 'string', pattern: '^[a-z]+$' },
        items: {
          type: 'array',
          items: { type: 'object', properties: { n: { type: 'integer' } } },
        },
        bounded: { type: 'array', maxItems: 3, items: { type: 'string' } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    },
  },
};

describe('admitCustomResource with hostile input', () => {
  it('prunes a __proto__ key without touching any prototype', () => {
    const body = JSON.parse(
      '{"spec":{"__proto__":{"polluted":true},"name":"a"}}',
    );
    const result = admitCustomResource(body, schema);
    expect(result.unknownFields).toEqual(['spec.__proto__']);
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.object.spec)).toBe(Object.prototype);
    expect(result.object.spec).toEqual({ name: 'a' });
  });

  it('does not take a "constructor" or "toString" key for a schema property', () => {
    const body = JSON.parse(
      '{"spec":{"constructor":1,"toString":"x","hasOwnProperty":2}}',
    );
    const result = admitCustomResource(body, schema);
    expect(result.unknownFields.sort()).toEqual([
      'spec.constructor',
      'spec.hasOwnProperty',
      'spec.toString',
    ]);
    expect(result.violations).toEqual([]);
  });

  it('keeps a __proto__ key under preserve-unknown-fields as plain data', () => {
    const body = JSON.parse(
      '{"spec":{"free":{"__proto__":{"polluted":true}}}}',
    );
    const result = admitCustomResource(body, schema);
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.keys(result.object.spec.free)).toEqual(['__proto__']);
  });

  it('keeps deep data under preserve-unknown-fields and prunes a deep unknown field whole', () => {
    let deep: any = {};
    for (let i = 0; i < 200; i++) deep = { a: deep };
    const result = admitCustomResource(
      { spec: { free: deep, unknown: deep } },
      schema,
    );
    expect(result.unknownFields).toEqual(['spec.unknown']);
    expect(result.violations).toEqual([]);
  });

  it(`refuses a body nested deeper than ${MAX_NESTING} levels, naming where, without exhausting the stack`, () => {
    let deep: any = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const result = admitCustomResource({ spec: { free: deep } }, schema);
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0].field).toMatch(/^spec\.free(\.a)+$/);
    expect(result.violations[0].message).toBe(
      `Invalid value: "object": nested deeper than ${MAX_NESTING} levels`,
    );
  });

  it('reports one error for a huge array over maxItems, without walking it', () => {
    const result = admitCustomResource(
      { spec: { bounded: new Array(200_000).fill(7) } },
      schema,
    );
    expect(result.violations).toEqual([
      {
        field: 'spec.bounded',
        reason: 'FieldValueTooMany',
        message: 'Too many: 200000: must have at most 3 items',
      },
    ]);
  });

  it(`caps the violations of a huge array at ${MAX_VIOLATIONS}`, () => {
    const result = admitCustomResource(
      { spec: { items: new Array(100_000).fill({ n: 'x' }) } },
      schema,
    );
    expect(result.violations).toHaveLength(MAX_VIOLATIONS);
    expect(result.violations[0].field).toBe('spec.items[0].n');
  });

  it('answers a non-object body with a type error, not an exception', () => {
    expect(
      admitCustomResource({ spec: 'x' }, schema).violations[0].message,
    ).toBe(
      'Invalid value: "string": spec in body must be of type object: "string"',
    );
    expect(
      admitCustomResource({ spec: [1, 2] }, schema).violations[0].field,
    ).toBe('spec');
  });

  it('checks a pattern on a long string in linear time for the upstream patterns', () => {
    const result = admitCustomResource(
      { spec: { name: `${'a'.repeat(1_000_000)}!` } },
      schema,
    );
    expect(result.violations[0].field).toBe('spec.name');
  });
});
