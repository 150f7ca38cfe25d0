import { canonicalJson, contentName } from './contentName';

describe('canonicalJson', () => {
  it('writes what JSON.stringify writes, with keys sorted and undefined values left out', () => {
    const value = { b: [null, undefined, 1, 'x'], a: null, c: undefined };
    expect(canonicalJson(value)).toBe('{"a":null,"b":[null,null,1,"x"]}');
    expect(JSON.parse(canonicalJson(value))).toEqual(
      JSON.parse(JSON.stringify(value)),
    );
  });

  it('names the same content the same whatever order it was built in, and other content otherwise', () => {
    const name = contentName('md-0', { x: 1, y: { b: 2, a: [3] } });
    expect(name).toMatch(/^md-0-[0-9a-f]{8}$/);
    expect(contentName('md-0', { y: { a: [3], b: 2 }, x: 1 })).toBe(name);
    expect(contentName('md-0', { x: 1, y: { b: 2, a: [4] } })).not.toBe(name);
  });
});
