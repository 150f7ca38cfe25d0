import fc from 'fast-check';
import { plainCopy } from './plainCopy';

/** Every object reachable from `value`. */
function objectsIn(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !into.has(value)) {
    into.add(value);
    for (const item of Object.values(value)) objectsIn(item, into);
  }
  return into;
}

describe('plainCopy', () => {
  it('copies parsed JSON as structuredClone does, sharing no object with it', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), value => {
        const copied = plainCopy(value);
        // (structuredClone's objects come from another realm than the
        // test's, which toStrictEqual tells apart: the copy is compared
        // with the original, of the same realm.)
        expect(copied).toStrictEqual(value);
        expect(copied).toEqual(structuredClone(value));
        const original = objectsIn(value);
        for (const o of objectsIn(copied)) expect(original.has(o)).toBe(false);
      }),
    );
  });

  it('copies anything structuredClone can as it does (Dates, Maps, holes, null prototypes, undefined, -0)', () => {
    fc.assert(
      fc.property(
        fc.anything({
          maxDepth: 4,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withSparseArray: true,
          withBigInt: true,
          withTypedArray: true,
          withBoxedValues: true,
        }),
        value => {
          expect(plainCopy(value)).toEqual(structuredClone(value));
        },
      ),
    );
  });

  it('keeps an own __proto__ key an own key, not the prototype', () => {
    const parsed = JSON.parse('{"metadata":{"__proto__":{"polluted":true}}}');

    const copied = plainCopy(parsed);

    expect(Object.keys(copied.metadata)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(copied.metadata)).toBe(Object.prototype);
    expect(copied.metadata.polluted).toBeUndefined();
    expect(
      Object.getOwnPropertyDescriptor(copied.metadata, '__proto__')?.value,
    ).toEqual({ polluted: true });
  });

  it('copies cycles and deep nesting as structuredClone does', () => {
    const cyclic: any = { a: { b: [] } };
    cyclic.a.b.push(cyclic);
    const copied = plainCopy(cyclic);
    expect(copied).not.toBe(cyclic);
    expect(copied.a.b[0]).toBe(copied);

    let deep: any = { leaf: true };
    for (let i = 0; i < 500; i++) deep = { next: deep };
    expect(plainCopy(deep)).toEqual(deep);
  });

  it('refuses what structuredClone refuses', () => {
    expect(() => plainCopy({ f: () => 1 })).toThrow();
    expect(() => plainCopy({ s: Symbol('x') })).toThrow();
  });
});
