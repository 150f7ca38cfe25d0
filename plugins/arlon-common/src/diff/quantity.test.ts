import { equivalentScalars, parseQuantity } from './quantity';

describe('parseQuantity', () => {
  it.each([
    ['100m', 0.1],
    ['2n', 2e-9],
    ['3u', 3e-6],
    ['1k', 1e3],
    ['1M', 1e6],
    ['1G', 1e9],
    ['1T', 1e12],
    ['1P', 1e15],
    ['1E', 1e18],
    ['1Ki', 1024],
    ['1Mi', 1024 ** 2],
    ['1Gi', 1024 ** 3],
    ['1Ti', 1024 ** 4],
    ['1Pi', 1024 ** 5],
    ['1Ei', 1024 ** 6],
  ])('reads the suffix of %s', (text, value) => {
    expect(parseQuantity(text)).toBeCloseTo(value, 15);
  });

  it.each([
    ['0.5', 0.5],
    ['.5', 0.5],
    ['5.', 5],
    ['+2', 2],
    ['-2', -2],
    ['1e3', 1000],
    ['1E3', 1000],
    ['1e+3', 1000],
    ['1e-3', 0.001],
    ['1e12', 1e12],
    ['2.5e10k', 2.5e13],
    ['  100m ', 0.1],
  ])('reads the number %j', (text, value) => {
    expect(parseQuantity(text)).toBeCloseTo(value, 15);
  });

  it('takes a number as it is', () => {
    expect(parseQuantity(3)).toBe(3);
  });

  it.each([
    ['', 'empty'],
    ['abc', 'no number'],
    ['1x', 'unknown suffix'],
    ['1 Gi', 'space before the suffix'],
    ['1.2.3', 'two points'],
    ['.', 'a point alone'],
    ['1e', 'exponent without digits'],
    ['x1', 'text before the number'],
    ['1Gix', 'text after the suffix'],
    ['--1', 'two signs'],
    ['1e+-3', 'two exponent signs'],
  ])('refuses %j (%s)', text => {
    expect(parseQuantity(text)).toBeUndefined();
  });

  it.each([[true], [null], [undefined], [{}], [[1]]])(
    'refuses the non-scalar %j',
    value => {
      expect(parseQuantity(value)).toBeUndefined();
    },
  );
});

describe('equivalentScalars', () => {
  it.each([
    ['100m', '0.1'],
    ['3', 3],
    [0, '0'],
    ['0m', 0],
    ['1Ki', '1024'],
    ['1k', 1000],
    ['-1', -1],
  ])('%j and %j mean the same', (a, b) => {
    expect(equivalentScalars(a, b)).toBe(true);
    expect(equivalentScalars(b, a)).toBe(true);
  });

  it.each([
    ['100m', '0.2'],
    ['1Ki', '1k'],
    ['1', '-1'],
    [1, 1.000001],
    ['abc', 'abd'],
    ['abc', 0],
    [true, 'true'],
    [null, 0],
    [undefined, 0],
  ])('%j and %j differ', (a, b) => {
    expect(equivalentScalars(a, b)).toBe(false);
    expect(equivalentScalars(b, a)).toBe(false);
  });

  it('compares identical non-quantities by identity', () => {
    expect(equivalentScalars('abc', 'abc')).toBe(true);
    expect(equivalentScalars(true, true)).toBe(true);
    expect(equivalentScalars(null, null)).toBe(true);
  });

  it('tolerates only floating-point rounding, relative to the size', () => {
    expect(equivalentScalars(0.1 + 0.2, 0.3)).toBe(true);
    expect(equivalentScalars('1e3', 1000.001)).toBe(false);
  });
});
