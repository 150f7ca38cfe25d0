import { documentObjects } from './listItems';

describe('documentObjects with hostile files', () => {
  it.each([
    [undefined, 'missing'],
    [null, 'null'],
    ['items', 'a string'],
    [{ 0: {} }, 'a mapping'],
    [3, 'a number'],
  ])(
    'refuses a List whose items are %j, naming the file and what to do',
    (items, what) => {
      expect(() =>
        documentObjects(
          { apiVersion: 'v1', kind: 'List', items },
          'saved.yaml:1',
        ),
      ).toThrow(
        `saved.yaml:1: a List holds its objects under "items", which must be a list (it is ${what}); write the objects there, or each as its own document after ---`,
      );
    },
  );

  it.each([
    [null, 'null'],
    ['text', 'a string'],
    [[1], 'a list'],
    [7, 'a number'],
  ])('refuses an item that is %j, naming its index', (item, what) => {
    expect(() =>
      documentObjects(
        { kind: 'List', items: [{ kind: 'ConfigMap' }, item] },
        'saved.yaml:4',
      ),
    ).toThrow(
      `saved.yaml:4: items[1] of the List is ${what}, not an object; remove it or write the object there`,
    );
  });

  it('refuses a List inside a List', () => {
    expect(() =>
      documentObjects(
        { kind: 'List', items: [{ kind: 'List', items: [] }] },
        'saved.yaml:1',
      ),
    ).toThrow(
      'saved.yaml:1: items[0] is a List inside a List; kubectl never nests lists: move its items into the outer list',
    );
    expect(() =>
      documentObjects(
        { kind: 'List', items: [{ kind: 'PodList', items: [] }] },
        'saved.yaml:1',
      ),
    ).toThrow('items[0] is a PodList inside a List');
  });

  it.each([
    [null],
    ['text'],
    [[{ kind: 'List', items: [] }]],
    [{ kind: 7, items: [] }],
    [{ kind: {}, items: 'x' }],
  ])(
    'gives a document that is no object, or has no kind text, as it is: %j',
    value => {
      expect(documentObjects(value, 'a.yaml')).toEqual([value]);
    },
  );

  it('copies a __proto__ key of an item as data, never as a prototype', () => {
    const item = JSON.parse(
      '{"metadata": {"name": "x"}, "__proto__": {"polluted": true}}',
    );
    const [object] = documentObjects(
      { apiVersion: 'v1', kind: 'ConfigMapList', items: [item] },
      'a.yaml',
    ) as any[];
    expect(object.kind).toBe('ConfigMap');
    expect(object.polluted).toBeUndefined();
    expect(({} as any).polluted).toBeUndefined();
  });

  it('does not let a __proto__ kind or items make a list', () => {
    const value = JSON.parse('{"kind": "__proto__", "items": []}');
    expect(documentObjects(value, 'a.yaml')).toEqual([value]);
  });

  it('expands a huge List', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `c${i}` },
    }));
    expect(documentObjects({ kind: 'List', items }, 'a.yaml')).toHaveLength(
      100_000,
    );
  });
});
