/* eslint jest/expect-expect: ["warn", { "assertFunctionNames": ["expect", "expectSameAsStringify"] }] */
import fc from 'fast-check';
import { Document, YAMLMap } from 'yaml';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { plainDataKey, renderYaml, YamlRenderMemo } from './renderYaml';

/** What rendering gives: the text, or the error stringify throws. */
function outcome(render: () => string): string {
  try {
    return `text:${render()}`;
  } catch (error) {
    return `error:${(error as Error)?.message}`;
  }
}

/**
 * Values whose JSON is the same as `value`'s but which are not the same data
 * to YAML: a memo keyed wrongly hands one the other's text. The JSON round
 * trip turns -0 into 0, NaN into null, copies shared objects, drops
 * undefined, symbols and functions, and Dates into strings.
 */
function jsonTwins(value: unknown): unknown[] {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? [] : [JSON.parse(json)];
  } catch {
    return []; // a cycle or a bigint: no twin
  }
}

/** Renders each value (after its JSON twins) through one memo, over two generations, and compares with stringify. */
function expectSameAsStringify(values: unknown[]) {
  const memo = new YamlRenderMemo();
  for (let generation = 0; generation < 3; generation++) {
    memo.nextGeneration();
    for (const value of values) {
      for (const twin of jsonTwins(value))
        expect(outcome(() => memo.render(twin))).toBe(
          outcome(() => renderYaml(twin)),
        );
      expect(outcome(() => memo.render(value))).toBe(
        outcome(() => renderYaml(value)),
      );
    }
  }
}

/** Anything fast-check makes, the hostile kinds included. */
const anyValue = fc.anything({
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
  withUnicodeString: true,
});

describe('YamlRenderMemo', () => {
  it(
    'renders exactly what yaml.stringify renders, for any value and its JSON twins, from memory or not',
    () => {
      fc.assert(
        fc.property(
          fc.array(anyValue, { minLength: 1, maxLength: 8 }),
          values => expectSameAsStringify(values),
        ),
        fuzzParameters(300),
      );
    },
    fuzzTimeout(60_000),
  );

  it('renders data built of plain objects the same whatever it shares or repeats', () => {
    // Objects as the compiler builds them: the same content twice, in other
    // objects, with a shared child (YAML writes an anchor and an alias).
    const labels = { tier: 'bench' };
    expectSameAsStringify([
      { metadata: { labels: { ...labels } }, items: [{ ...labels }] },
      { metadata: { labels }, items: [labels] },
      { metadata: { labels: { ...labels } }, items: [{ ...labels }] },
    ]);
  });

  const hostile: Array<[string, () => unknown]> = [
    ['-0', () => ({ replicas: -0 })],
    ['NaN', () => ({ replicas: NaN })],
    ['Infinity', () => ({ replicas: [Infinity, -Infinity] })],
    ['undefined in a list', () => ({ args: ['a', undefined] })],
    ['a hole in a list', () => ({ args: Array(2) })],
    ['a shared object', shared],
    ['a cycle', () => cycle()],
    ['a getter', () => getter()],
    [
      'a symbol key',
      () => ({
        a: 1,
        *[Symbol.iterator]() {
          yield 5;
        },
      }),
    ],
    ['a Date', () => ({ at: new Date(0) })],
    ['a Map', () => ({ m: new Map([['a', 1]]) })],
    [
      'a class instance',
      () => ({
        spec: new (class Spec {
          x = 1;
        })(),
      }),
    ],
    ['a yaml node', () => ({ n: new YAMLMap() })],
    ['a yaml document', () => new Document({ a: 1 })],
    ['a bigint', () => ({ n: 10n })],
    ['a function', () => ({ f: () => 1 })],
    [
      'a null prototype',
      () => ({ o: Object.assign(Object.create(null), { a: 1 }) }),
    ],
    // eslint-disable-next-line no-new-wrappers -- the hostile value under test
    ['a boxed string', () => ({ s: new String('x') })],
    ['toJSON', () => ({ a: 1, toJSON: () => ({ b: 2 }) })],
  ];

  it.each(hostile)(
    "renders data with %s as stringify does, never from a twin's memory",
    (_, make) => {
      expect(plainDataKey(make())).toBeUndefined();
      expectSameAsStringify([make()]);
    },
  );

  it('remembers plain data by its JSON', () => {
    expect(plainDataKey({ a: [1, 'x', true, null], b: undefined })).toBe(
      '{"a":[1,"x",true,null]}',
    );
  });
});

function shared() {
  const child = { x: 1 };
  return { a: child, b: [child] };
}

function cycle() {
  const node: Record<string, unknown> = { name: 'loop' };
  node.self = node;
  return node;
}

/** A getter: JSON and YAML each call it, and it may answer each differently. */
function getter() {
  return {
    get count() {
      return 1;
    },
  };
}
