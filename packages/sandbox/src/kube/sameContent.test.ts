import { sameContent, sameJson } from './objectWrites';

/** What sameContent was: both sides with sorted keys, written out and compared. */
function asSortedJson(a: any, b: any): boolean {
  const canonical = (v: any): any => {
    if (Array.isArray(v)) return v.map(canonical);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.keys(v)
        .filter(k => v[k] !== undefined)
        .sort()
        .map(k => [k, canonical(v[k])]),
    );
  };
  const strip = (o: any) => ({
    ...o,
    metadata: { ...o.metadata, resourceVersion: undefined },
  });
  return (
    JSON.stringify(canonical(strip(a))) === JSON.stringify(canonical(strip(b)))
  );
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const SCALARS = [
  0,
  -0,
  1,
  1.5,
  NaN,
  Infinity,
  '',
  '0',
  '1',
  'a',
  true,
  false,
  null,
  undefined,
];

function value(next: () => number, depth: number): any {
  const r = next();
  if (depth > 3 || r < 0.5) return SCALARS[Math.floor(next() * SCALARS.length)];
  if (r < 0.7)
    return Array.from({ length: Math.floor(next() * 3) }, () =>
      value(next, depth + 1),
    );
  const o: Record<string, any> = {};
  for (const k of ['a', 'b', 'c'].slice(0, Math.floor(next() * 4)))
    o[k] = value(next, depth + 1);
  return o;
}

/** `o` with its keys in reverse order, all the way down. */
function reordered(o: any): any {
  if (Array.isArray(o)) return o.map(reordered);
  if (!o || typeof o !== 'object') return o;
  return Object.fromEntries(
    Object.keys(o)
      .reverse()
      .map(k => [k, reordered(o[k])]),
  );
}

describe('sameContent', () => {
  const base = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'a', resourceVersion: '7', labels: { x: '1' } },
    data: { a: '1', b: '2' },
  };

  it('ignores key order and resourceVersion', () => {
    const other = reordered({
      ...base,
      metadata: { ...base.metadata, resourceVersion: '9' },
    });
    expect(sameContent(base, other)).toBe(true);
  });

  it('sees a changed, added or removed field', () => {
    expect(sameContent(base, { ...base, data: { a: '1', b: '3' } })).toBe(
      false,
    );
    expect(sameContent(base, { ...base, data: { ...base.data, c: '' } })).toBe(
      false,
    );
    expect(sameContent(base, { ...base, data: { a: '1' } })).toBe(false);
    expect(sameContent(base, { ...base, data: ['1', '2'] })).toBe(false);
  });

  it('counts a field set to undefined as left out, as the JSON it is sent as does', () => {
    expect(sameContent(base, { ...base, spec: undefined })).toBe(true);
    expect(
      sameContent({ ...base, data: { a: '1', b: '2', c: undefined } }, base),
    ).toBe(true);
  });

  it('agrees with comparing the sorted JSON of both on thousands of generated pairs', () => {
    const next = random(17);
    let same = 0;
    for (let i = 0; i < 5000; i++) {
      const a = { metadata: value(next, 1), spec: value(next, 0) };
      const b =
        next() < 0.5
          ? reordered(a)
          : { metadata: value(next, 1), spec: value(next, 0) };
      const expected = asSortedJson(a, b);
      if (expected) same++;
      expect([i, sameContent(a, b)]).toEqual([i, expected]);
      expect([i, sameContent(b, a)]).toEqual([i, expected]);
    }
    // Both answers are exercised, not only "different".
    expect(same).toBeGreaterThan(1000);
  });
});

describe('sameJson', () => {
  it.each([
    [[1, undefined], [1, null], true],
    [[NaN], [null], true],
    [{ a: NaN }, { a: null }, true],
    [{ a: () => 1 }, {}, true],
    [{ a: 1 }, { a: '1' }, false],
    [[], {}, false],
    [{}, null, false],
    [-0, 0, true],
  ])('%p and %p: %p, as JSON.stringify writes them', (a, b, expected) => {
    expect(sameJson(a, b)).toBe(expected);
    expect(JSON.stringify(a) === JSON.stringify(b)).toBe(expected);
  });
});
