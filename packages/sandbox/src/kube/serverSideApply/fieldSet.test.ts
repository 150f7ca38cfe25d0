import {
  decode,
  encode,
  fieldSetOf,
  fieldValuesOf,
  keyElement,
  listKey,
  Path,
  valueAt,
} from './fieldSet';
import { isObject } from '../jsonObject';

/** The walk as it was before paths were encoded as they grow: the oracle. */
function oracleSet(value: unknown, prefix: Path = []): Set<string> {
  const set = new Set<string>();
  const collect = (v0: unknown, path: Path) => {
    if (isObject(v0) && Object.keys(v0).length > 0) {
      for (const [k, v] of Object.entries(v0)) {
        if (v === null) continue;
        const element = `f:${k}`;
        if (Array.isArray(v)) {
          const key = listKey(k, v);
          if (key) {
            for (const item of v as any[]) {
              const itemPath = [...path, element, keyElement(key, item[key])];
              set.add(encode([...itemPath, '.']));
              collect(item, itemPath);
            }
            continue;
          }
        }
        collect(v, [...path, element]);
      }
      return;
    }
    if (path.length > 0) set.add(encode(path));
  };
  collect(value, prefix);
  return set;
}

const odd = 'we"ird\\ key\n\u2028é😀';
const corpus: unknown[] = [
  undefined,
  null,
  'scalar',
  7,
  [],
  {},
  { a: null, b: undefined, c: {}, d: [], e: [1, 'x', null], f: 0, g: false },
  {
    metadata: { name: 'web', labels: { [odd]: 'v', 'a.b/c': '' } },
    spec: {
      template: {
        spec: {
          containers: [
            {
              name: 'app',
              image: 'nginx',
              ports: [
                { containerPort: 80, protocol: 'TCP' },
                { containerPort: 443 },
              ],
              env: [
                { name: 'A', value: '1' },
                { name: odd, valueFrom: { secretKeyRef: { name: 's' } } },
              ],
            },
            { name: 'side', args: ['--x', '--y'], resources: {} },
          ],
          volumes: [{ name: 'v', emptyDir: {} }],
        },
      },
      ports: [{ port: 80, targetPort: 8080 }],
    },
  },
  {
    status: {
      phase: 'Provisioned',
      conditions: [
        { type: 'Ready', status: 'True', lastTransitionTime: 't' },
        { type: 'InfrastructureReady', status: 'False', reason: 'Waiting' },
      ],
    },
  },
  // Not keyed: duplicate keys, a missing key, an object key, a non-object item.
  { conditions: [{ type: 'A' }, { type: 'A', x: 1 }] },
  { containers: [{ name: 'a' }, { image: 'b' }] },
  { env: [{ name: { nested: true } }] },
  { volumes: [{ name: 'a' }, 'b'] },
  { containers: [{ name: 1 }, { name: '1' }, { name: true }] },
  { ['__proto__']: { polluted: 'no' }, constructor: { prototype: 1 } },
  { a: { b: { c: { d: { e: { f: [{ name: 'x' }] } } } } } },
];

describe('fieldSetOf and fieldValuesOf', () => {
  it.each(corpus.map((value, i) => [i, value]))(
    'object %i: the same paths as the oracle walk, each with the value valueAt finds',
    (_, value) => {
      const expected = oracleSet(value);
      expect([...fieldSetOf(value)]).toEqual([...expected]);
      const values = fieldValuesOf(value);
      expect([...values.keys()]).toEqual([...expected]);
      for (const [key, at] of values)
        expect(at).toBe(valueAt(value, decode(key)));
    },
  );

  it('a prefix is encoded as the oracle encodes it', () => {
    const prefix = ['f:spec', keyElement('name', odd), 'f:x'];
    for (const value of corpus)
      expect([...fieldSetOf(value, prefix)]).toEqual([
        ...oracleSet(value, prefix),
      ]);
  });
});
