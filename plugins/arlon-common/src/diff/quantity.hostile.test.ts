import { equivalentScalars, parseQuantity } from './quantity';

/** Quantities from a file or a cluster, hostile: long digit runs must not backtrack. */
describe('parseQuantity with hostile values', () => {
  // Quadratic before: 40,000 digits and an x took 10 s, a 1 MB value hours.
  const digits = '1'.repeat(1_000_000);

  it.each([
    ['a megabyte of digits and a letter', `${digits}x`],
    ['a megabyte of digits', digits],
    ['a megabyte of digits after a point', `.${digits}x`],
    ['65 characters', `${'1'.repeat(64)}m`],
  ])('is no quantity: %s (compared as text)', (_case, value) => {
    expect(parseQuantity(value)).toBeUndefined();
    expect(equivalentScalars(value, `${value}0`)).toBe(false);
  });

  it('reads every form up to the bound, as before', () => {
    expect(parseQuantity(`${'1'.repeat(63)}m`)).toBeCloseTo(
      Number('1'.repeat(63)) * 1e-3,
    );
    expect(parseQuantity('1.')).toBe(1);
    expect(parseQuantity('1.5Gi')).toBe(1.5 * 2 ** 30);
    expect(parseQuantity('.5')).toBe(0.5);
    expect(parseQuantity('1e3')).toBe(1000);
    expect(parseQuantity('1E')).toBe(1e18);
    expect(parseQuantity('1..5')).toBeUndefined();
    expect(parseQuantity('.')).toBeUndefined();
  });
});
