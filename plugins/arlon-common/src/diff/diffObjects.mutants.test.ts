import { diffObjects, hasChanges, identifyObject, MASK } from './diffObjects';

// Cases that Stryker showed no other test would notice: what a reader of
// the diff sees (masked Secret values, ordering, totals) when one small
// thing in diffObjects.ts is wrong.

const options = {
  defaultNamespace: 'apps',
  isNamespaced: () => true,
};
const SECRET_VALUE = 'hunter2-do-not-show';
const COPY = 'example.com/copy';
const secret = (extra: object = {}, metadata: object = {}) => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 's', ...metadata },
  ...extra,
});
const shows = (value: unknown) => JSON.stringify(value).includes(SECRET_VALUE);

describe('diffObjects (mutation survivors)', () => {
  it('hasChanges is true for any create, update or delete and false otherwise', () => {
    const none = { create: 0, update: 0, delete: 0, unchanged: 5 };
    expect(hasChanges(none)).toBe(false);
    expect(hasChanges({ ...none, create: 1, update: 1 })).toBe(true);
    expect(hasChanges({ ...none, update: 1, delete: 1 })).toBe(true);
    expect(hasChanges({ ...none, delete: 1 })).toBe(true);
  });

  it('lists a created Secret as one whole-object change with its values masked and the rest shown', () => {
    const [r] = diffObjects(
      [secret({ type: 'Opaque', stringData: { p: SECRET_VALUE } })],
      [],
      options,
    );
    expect(r.changes).toEqual([
      {
        path: '',
        kind: 'added',
        to: {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 's', namespace: 'apps' },
          type: 'Opaque',
          data: { p: MASK },
        },
      },
    ]);
    expect(shows(r)).toBe(false);
  });

  it('lists a pruned Secret as one whole-object change with its data masked', () => {
    const [r] = diffObjects([], [secret({ data: { p: SECRET_VALUE } })], {
      ...options,
      prune: true,
    });
    expect(r.action).toBe('delete');
    expect(r.changes).toEqual([
      {
        path: '',
        kind: 'removed',
        from: expect.objectContaining({ kind: 'Secret', data: { p: MASK } }),
      },
    ]);
    expect(shows(r)).toBe(false);
  });

  it('returns the objects sorted by key, whatever order they came in', () => {
    const cm = (name: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name },
    });
    const result = diffObjects([cm('b'), cm('c'), cm('a')], [], options);
    expect(result.map(r => r.name)).toEqual(['a', 'b', 'c']);
  });

  it('an object without apiVersion has an empty group and version', () => {
    expect(
      identifyObject({ kind: 'X', metadata: { name: 'n' } } as any, options),
    ).toMatchObject({ group: '', version: '', key: '/X/apps/n' });
  });

  it('shows the values of a ConfigMap change: only Secrets are masked', () => {
    const cm = (v: string) => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
      data: { k: v },
    });
    const [r] = diffObjects([cm('new')], [cm('old')], options);
    expect(r.changes).toEqual([
      { path: 'data.k', kind: 'changed', from: 'old', to: 'new' },
    ]);
  });

  it("shows a Secret's fields outside data, stringData and value-copying annotations", () => {
    const [r] = diffObjects(
      [secret({ type: 'kubernetes.io/tls' }, { labels: { data: 'y' } })],
      [secret({ type: 'Opaque' }, { labels: { data: 'x' } })],
      options,
    );
    expect(r.changes).toEqual(
      expect.arrayContaining([
        {
          path: 'type',
          kind: 'changed',
          from: 'Opaque',
          to: 'kubernetes.io/tls',
        },
        {
          path: 'metadata.labels.data',
          kind: 'changed',
          from: 'x',
          to: 'y',
        },
      ]),
    );
  });

  it('masks a whole data field a Secret gains', () => {
    const [r] = diffObjects(
      [secret({ data: { p: SECRET_VALUE } })],
      [secret()],
      options,
    );
    expect(r.changes).toEqual([
      { path: 'data', kind: 'added', to: { p: MASK } },
    ]);
    expect(shows(r)).toBe(false);
  });

  it('masks annotations that copy Secret values, however the change is cut', () => {
    const copy = JSON.stringify({ data: { p: SECRET_VALUE } });
    const whole = diffObjects(
      [secret({}, { annotations: { [COPY]: copy, note: 'shown' } })],
      [secret()],
      options,
    )[0];
    expect(whole.changes).toEqual([
      {
        path: 'metadata.annotations',
        kind: 'added',
        to: { [COPY]: MASK, note: 'shown' },
      },
    ]);
    const one = diffObjects(
      [secret({}, { annotations: { [COPY]: copy, note: 'new' } })],
      [secret({}, { annotations: { note: 'old' } })],
      options,
    )[0];
    expect(one.changes).toEqual(
      expect.arrayContaining([
        { path: `metadata.annotations.${COPY}`, kind: 'added', to: MASK },
        {
          path: 'metadata.annotations.note',
          kind: 'changed',
          from: 'old',
          to: 'new',
        },
      ]),
    );
    expect(shows(whole)).toBe(false);
    expect(shows(one)).toBe(false);
  });
});
