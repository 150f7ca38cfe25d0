import { QUANTITY_PATTERN, quantityFieldsFromCrds } from './crdQuantityFields';
import { isQuantityField } from './quantityFields';

const quantity = {
  pattern: QUANTITY_PATTERN,
  'x-kubernetes-int-or-string': true,
};
const crd = (
  spec: unknown,
  apiVersion: unknown = 'apiextensions.k8s.io/v1',
) => ({
  apiVersion,
  kind: 'CustomResourceDefinition',
  spec,
});
const withSchema = (openAPIV3Schema: unknown, group: unknown = 'example.com') =>
  crd({
    group,
    names: { kind: 'Thing' },
    versions: [{ name: 'v1', schema: { openAPIV3Schema } }],
  });
const specWith = (properties: unknown) => ({
  properties: { spec: { properties } },
});

describe('quantityFieldsFromCrds with hostile CRDs', () => {
  it.each([
    [null],
    ['text'],
    [[]],
    [{}],
    [{ group: 'example.com' }],
    [{ group: 'example.com', names: 'Thing' }],
    [{ group: 'example.com', names: { kind: 7 } }],
    [{ group: 7, names: { kind: 'Thing' } }],
    [{ group: 'example.com', names: { kind: 'Thing' }, versions: 'v1' }],
    [
      {
        group: 'example.com',
        names: { kind: 'Thing' },
        versions: [
          null,
          'v1',
          { schema: 'x' },
          { schema: { openAPIV3Schema: [] } },
        ],
      },
    ],
  ])('reads nothing from the spec %j, without throwing', spec => {
    expect(quantityFieldsFromCrds([crd(spec)]).size).toBe(0);
  });

  it.each([
    ['the core group', ''],
    ['a built-in group without a dot', 'apps'],
    ['no text', { toString: 'apps' }],
  ])('refuses a CRD claiming %s', (_what, group) => {
    expect(
      quantityFieldsFromCrds([withSchema(specWith({ x: quantity }), group)])
        .size,
    ).toBe(0);
  });

  it('refuses a kind that is no text, even with a schema', () => {
    const schema = { openAPIV3Schema: specWith({ x: quantity }) };
    for (const kind of [7, {}, null])
      expect(
        quantityFieldsFromCrds([
          crd({
            group: 'example.com',
            names: { kind },
            versions: [{ schema }],
          }),
        ]).size,
      ).toBe(0);
  });

  it('keeps the fields of both when a kind has two CRDs', () => {
    expect(
      quantityFieldsFromCrds([
        withSchema(specWith({ x: quantity })),
        withSchema(specWith({ y: quantity })),
      ]).get('example.com/Thing'),
    ).toEqual([
      ['spec', 'x'],
      ['spec', 'y'],
    ]);
  });

  it('reads only apiextensions CustomResourceDefinitions', () => {
    const fake = withSchema(specWith({ x: quantity }));
    expect(
      quantityFieldsFromCrds([{ ...fake, apiVersion: 'example.com/v1' }]).size,
    ).toBe(0);
    expect(quantityFieldsFromCrds([{ ...fake, apiVersion: 7 }]).size).toBe(0);
  });

  it.each([
    [{ ...quantity, 'x-kubernetes-int-or-string': 'true' }],
    [{ ...quantity, pattern: `${QUANTITY_PATTERN} ` }],
    [{ ...quantity, pattern: '.*' }],
    [{ 'x-kubernetes-int-or-string': true }],
  ])('takes only the exact quantity marker, not %j', node => {
    expect(
      quantityFieldsFromCrds([withSchema(specWith({ x: node }))]).size,
    ).toBe(0);
  });

  it('stops at a depth bound instead of overflowing the stack', () => {
    let schema: any = quantity;
    for (let i = 0; i < 10_000; i++) schema = { properties: { a: schema } };
    expect(() => quantityFieldsFromCrds([withSchema(schema)])).not.toThrow();
    expect(quantityFieldsFromCrds([withSchema(schema)]).size).toBe(0);
    // within the bound, found
    let shallow: any = quantity;
    for (let i = 0; i < 30; i++) shallow = { properties: { a: shallow } };
    expect(quantityFieldsFromCrds([withSchema(shallow)]).size).toBe(1);
  });

  it('stops after a bounded number of schema nodes', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 50_000; i++) properties[`p${i}`] = quantity;
    const found = quantityFieldsFromCrds([
      withSchema(specWith(properties)),
    ]).get('example.com/Thing')!;
    expect(found.length).toBeLessThan(20_000);
    expect(found[0]).toEqual(['spec', 'p0']);
  });

  it('keeps a property named __proto__, "*" or "[]" a literal name', () => {
    const properties = JSON.parse(
      `{"__proto__": ${JSON.stringify(quantity)}, "*": ${JSON.stringify(
        quantity,
      )}, "[]": ${JSON.stringify(quantity)}}`,
    );
    const fields = quantityFieldsFromCrds([withSchema(specWith(properties))]);
    const thing = { apiVersion: 'example.com/v1', kind: 'Thing' };
    expect(isQuantityField(thing, ['spec', '__proto__'], fields)).toBe(true);
    expect(isQuantityField(thing, ['spec', '*'], fields)).toBe(true);
    expect(isQuantityField(thing, ['spec', 'other'], fields)).toBe(false);
    expect(isQuantityField(thing, ['spec', 0], fields)).toBe(false);
    expect(({} as any).pattern).toBeUndefined();
  });

  it('gives its fields to its own group and kind only', () => {
    const fields = quantityFieldsFromCrds([
      withSchema(specWith({ x: quantity })),
    ]);
    expect(
      isQuantityField(
        { apiVersion: 'example.com/v1', kind: 'Thing' },
        ['spec', 'x'],
        fields,
      ),
    ).toBe(true);
    expect(
      isQuantityField(
        { apiVersion: 'other.com/v1', kind: 'Thing' },
        ['spec', 'x'],
        fields,
      ),
    ).toBe(false);
    expect(
      isQuantityField(
        { apiVersion: 'v1', kind: 'ConfigMap' },
        ['spec', 'x'],
        fields,
      ),
    ).toBe(false);
  });
});
