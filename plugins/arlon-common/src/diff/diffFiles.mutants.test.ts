import type { KubeObject } from '../providers/renderCluster';
import type { Rendered } from '../render/renderBundle';
import { compareFiles } from './compareFiles';
import {
  ANY_ITEM,
  ANY_KEY,
  matchesSchemaPath,
  QUANTITY_PATTERN,
  quantityFieldsFromCrds,
} from './crdQuantityFields';
import type { ObjectDiff } from './diffObjects';
import { documentObjects } from './listItems';
import { describeUncounted, uncountedLiveFields } from './liveOnlyFields';
import { isQuantityField } from './quantityFields';

// Cases that Stryker showed no other test would notice (issue 21): what a
// reader of `arlon diff <left> <right>` sees when one small thing in the
// diff files of issue 18 is wrong.

const SERVER_METADATA =
  'uid, resourceVersion, managedFields, creationTimestamp';
const LEFT_LIVE = `the left side carries server metadata (${SERVER_METADATA}): it is compared as live state, as the pre-flight compares a cluster client-side, and every change reads from it to the other side: fields only it has (API server defaults, status, fields controllers set) are not differences unless its last-applied configuration had them`;
const BOTH_LIVE = `both sides carry server metadata (${SERVER_METADATA}): compared as two live states, every field counting except status, server metadata and the fields each cluster assigns itself (cluster IPs, node ports, a Job's selector)`;

const configMap = (
  name: string,
  data: Record<string, string>,
  metadata: object = {},
): Partial<KubeObject> => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...metadata },
  data,
});
const liveMeta = { namespace: 'default', uid: 'u-1', resourceVersion: '7' };
const side = (...objects: Array<Partial<KubeObject>>): Rendered =>
  ({
    objects: objects.map(object => ({ bundle: 'file', object })),
    notes: [],
  } as unknown as Rendered);

describe('compareFiles (mutation survivors)', () => {
  it('names the right side when it mixes live state and manifests', () => {
    const section = compareFiles(
      't',
      side(configMap('a', { x: '1' })),
      side(configMap('a', { x: '1' }, liveMeta), configMap('b', { y: '2' })),
    );
    expect(section.notes).toEqual([
      `the right side mixes live state and manifests (1 of 2 objects carry server metadata: ${SERVER_METADATA}): compared as manifests, field by field, so server defaults count as changes; save live state whole (kubectl get -o yaml) to compare it as live`,
    ]);
  });

  it('puts an object that names no namespace in `default` when one side is live, and adds no other note', () => {
    const section = compareFiles(
      't',
      side(configMap('a', { x: '1' }, liveMeta)),
      side(configMap('a', { x: '1' })),
    );
    expect(section.objects.map(o => [o.key, o.action])).toEqual([
      ['/ConfigMap/default/a', 'unchanged'],
    ]);
    // Neither live-only objects nor uncounted fields: exactly one note.
    expect(section.notes).toEqual([LEFT_LIVE]);
  });

  it('names the right side when it holds an object twice and the left is live', () => {
    const section = compareFiles(
      't',
      side(configMap('a', { x: '1' }, liveMeta)),
      side(configMap('a', { x: '1' }), configMap('a', { x: '1' })),
    );
    expect(section.notes).toEqual([
      'the right side holds /ConfigMap/default/a more than once: the last one is compared (applying them in order leaves it)',
      LEFT_LIVE,
    ]);
  });

  it('compares two live sides exactly and with pruning: a field or an object only the left has is a change', () => {
    const section = compareFiles(
      't',
      side(
        configMap('a', { x: '1', extra: '2' }, liveMeta),
        configMap('gone', { z: '3' }, liveMeta),
      ),
      side(configMap('a', { x: '1' }, liveMeta)),
    );
    expect(section.method).toBe('exact');
    expect(section.summary).toEqual({
      create: 0,
      update: 1,
      delete: 1,
      unchanged: 0,
    });
    expect(section.objects.map(o => [o.key, o.action])).toEqual([
      ['/ConfigMap/default/a', 'update'],
      ['/ConfigMap/default/gone', 'delete'],
    ]);
    expect(section.notes).toEqual([BOTH_LIVE]);
  });
});

const crd = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  spec: {
    group: 'example.com',
    names: { kind: 'Widget' },
    versions: [{ name: 'v1', schema: { openAPIV3Schema: schema } }],
  },
  ...extra,
});
const quantity = {
  type: 'string',
  'x-kubernetes-int-or-string': true,
  pattern: QUANTITY_PATTERN,
};
/** A schema whose one quantity field sits `depth` fields below the root. */
function nested(depth: number): { schema: unknown; path: string[] } {
  let schema: unknown = quantity;
  const path: string[] = [];
  for (let i = depth; i > 0; i--) {
    schema = { type: 'object', properties: { [`f${i}`]: schema } };
    path.unshift(`f${i}`);
  }
  return { schema, path };
}
/** A root with `siblings` plain fields, then one quantity field: node number siblings + 2. */
function wide(siblings: number) {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < siblings; i++) properties[`p${i}`] = { type: 'string' };
  properties.last = quantity;
  return { type: 'object', properties };
}

describe('quantityFieldsFromCrds (mutation survivors)', () => {
  it('walks a schema exactly MAX_DEPTH (32) fields deep and no deeper', () => {
    const at32 = nested(32);
    expect(quantityFieldsFromCrds([crd(at32.schema)])).toEqual(
      new Map([['example.com/Widget', [at32.path]]]),
    );
    expect(quantityFieldsFromCrds([crd(nested(33).schema)])).toEqual(new Map());
  });

  it('walks exactly MAX_NODES (20,000) schema nodes of a CRD and no more', () => {
    // The root is node 1, 19,998 plain fields, the quantity field node 20,000.
    expect(quantityFieldsFromCrds([crd(wide(19_998))])).toEqual(
      new Map([['example.com/Widget', [['last']]]]),
    );
    expect(quantityFieldsFromCrds([crd(wide(19_999))])).toEqual(new Map());
  });

  it('reads only a CustomResourceDefinition, not another kind of the apiextensions group', () => {
    const schema = { type: 'object', properties: { size: quantity } };
    expect(quantityFieldsFromCrds([crd(schema, { kind: 'NotACrd' })])).toEqual(
      new Map(),
    );
    expect(quantityFieldsFromCrds([crd(schema)])).toEqual(
      new Map([['example.com/Widget', [['size']]]]),
    );
  });

  it('reads nothing from a CRD whose versions is not a list', () => {
    const schema = { type: 'object', properties: { size: quantity } };
    for (const versions of [
      { v1: { schema: { openAPIV3Schema: schema } } },
      'v1',
      null,
    ]) {
      const o = crd(schema);
      expect(
        quantityFieldsFromCrds([{ ...o, spec: { ...o.spec, versions } }]),
      ).toEqual(new Map());
    }
  });
});

describe('matchesSchemaPath (mutation survivors)', () => {
  it('matches a path of the same length only', () => {
    expect(matchesSchemaPath(['spec', 'size'], ['spec', 'size'])).toBe(true);
    expect(matchesSchemaPath(['spec', 'size'], ['spec', 'size', 'x'])).toBe(
      false,
    );
  });

  it('matches a list item only with a number and a map key only with a string', () => {
    expect(matchesSchemaPath(['a', ANY_ITEM], ['a', 0])).toBe(true);
    expect(matchesSchemaPath(['a', ANY_ITEM], ['a', 'x'])).toBe(false);
    expect(matchesSchemaPath(['a', ANY_KEY], ['a', 'x'])).toBe(true);
    expect(matchesSchemaPath(['a', ANY_KEY], ['a', 0])).toBe(false);
  });
});

describe('isQuantityField (mutation survivors)', () => {
  it('reads no type from a kind that is not text, even one that prints as a kind', () => {
    const path = ['spec', 'hard', 'cpu'];
    expect(
      isQuantityField({ apiVersion: 'v1', kind: 'ResourceQuota' }, path),
    ).toBe(true);
    // `${['ResourceQuota']}` is "ResourceQuota": only a string names a type.
    expect(
      isQuantityField({ apiVersion: 'v1', kind: ['ResourceQuota'] }, path),
    ).toBe(false);
  });
});

describe('documentObjects (mutation survivors)', () => {
  it('leaves an item of a List that names no kind as it is', () => {
    const item = { metadata: { name: 'a' } };
    expect(
      documentObjects({ apiVersion: 'v1', kind: 'List', items: [item] }, 'f'),
    ).toStrictEqual([{ metadata: { name: 'a' } }]);
  });

  it('reads a document whose kind is not text as one object, whatever its items', () => {
    for (const kind of [['List'], { List: true }, 7]) {
      const value = { kind, items: [{ kind: 'ConfigMap' }] };
      expect(documentObjects(value, 'f')).toStrictEqual([value]);
    }
  });

  it('gives the items of a typed list without apiVersion its kind only', () => {
    expect(
      documentObjects(
        { kind: 'ConfigMapList', items: [{ metadata: { name: 'a' } }] },
        'f',
      ),
    ).toStrictEqual([{ kind: 'ConfigMap', metadata: { name: 'a' } }]);
  });
});

const diff = (
  key: string,
  action: ObjectDiff['action'],
  paths: string[],
): ObjectDiff =>
  ({
    key,
    action,
    changes: paths.map(path => ({ path })),
  } as unknown as ObjectDiff);

describe('uncountedLiveFields and describeUncounted (mutation survivors)', () => {
  it('names no object whose every exact change the three-way comparison counted', () => {
    expect(
      uncountedLiveFields(
        [diff('a', 'update', ['x']), diff('b', 'update', ['y'])],
        [diff('a', 'update', ['x']), diff('b', 'update', ['y', 'z'])],
      ),
    ).toEqual([{ key: 'b', paths: ['z'] }]);
  });

  it('names only updated objects', () => {
    expect(
      uncountedLiveFields(
        [diff('a', 'update', []), diff('b', 'update', [])],
        [diff('a', 'create', ['x']), diff('b', 'delete', ['y'])],
      ),
    ).toEqual([]);
  });

  it('says "more" only past five paths and five objects', () => {
    const five = ['p1', 'p2', 'p3', 'p4', 'p5'];
    const objects = ['a', 'b', 'c', 'd', 'e'].map(key => ({
      key,
      paths: five,
    }));
    const one = 'p1, p2, p3, p4, p5';
    expect(describeUncounted(objects)).toBe(
      ['a', 'b', 'c', 'd', 'e'].map(k => `${k}: ${one}`).join('; '),
    );
    expect(
      describeUncounted([
        ...objects.slice(0, 4),
        { key: 'e', paths: [...five, 'p6'] },
        { key: 'f', paths: ['q'] },
      ]),
    ).toBe(
      `${['a', 'b', 'c', 'd']
        .map(k => `${k}: ${one}`)
        .join('; ')}; e: ${one} (and 1 more); and 1 more object(s)`,
    );
  });
});
