import { renderBundles } from '../render/renderBundle';
import { validateFleet } from '../validation/validateFleet';
import { diffObjects } from './diffObjects';
import { compareRendered } from './sections';

/** Regressions for what the property-based suite (diffObjects.fuzz.test.ts) found. */

describe('diffObjects, found by fuzzing', () => {
  it('compares a manifest whose apiVersion is a mapping (a slip in Git) instead of throwing', () => {
    const diffs = diffObjects(
      [
        {
          apiVersion: { group: 'apps' } as any,
          kind: 'Deployment',
          metadata: { name: 'web' },
        },
      ],
      [],
      { defaultNamespace: 'default', isNamespaced: () => true },
    );
    expect(diffs.map(d => [d.key, d.action])).toEqual([
      ['/Deployment/default/web', 'create'],
    ]);
  });

  it('compares objects whose kind, namespace or name is a mapping with no usable text (toString: "") instead of throwing', () => {
    const odd = { toString: '' } as any;
    const diffs = diffObjects(
      [
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { namespace: odd, name: 'a' },
        },
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: odd } },
        { apiVersion: 'v1', kind: odd, metadata: { name: 'b' } },
      ],
      [],
      { defaultNamespace: 'default', isNamespaced: () => true },
    );
    expect(diffs.map(d => [d.key, d.action]).sort()).toEqual([
      ['//default/b', 'create'],
      ['/ConfigMap/default/', 'create'],
      ['/ConfigMap/default/a', 'create'],
    ]);
  });

  it('compares an inline bundle committed with such a manifest with another bundle (what POST /diff renders)', () => {
    const bundle = (name: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    inline: {}
`;
    const { fleet } = validateFleet({
      'arlon/bundles/a.yaml': bundle('a'),
      'arlon/bundles/b.yaml': bundle('b'),
      'bundles/a/web.yaml':
        'apiVersion:\n  group: apps\nkind: Deployment\nmetadata:\n  name: web\n',
      'bundles/b/web.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n',
    });
    const section = compareRendered(
      'bundle a → bundle b',
      renderBundles(fleet, ['a']),
      renderBundles(fleet, ['b']),
    );
    expect(section.summary).toEqual({
      create: 1,
      update: 0,
      delete: 1,
      unchanged: 0,
    });
  });

  it('reads only own fields: a field named like an inherited one (constructor) is added, not compared with a function', () => {
    // Found by the long run (seed 20260621): `kind: { constructor: "" }`
    // against `kind: {}` made the unified diff stringify Object's
    // constructor and throw ("Tag not resolved for Function value").
    const [diff] = diffObjects(
      [{ kind: { constructor: '' } as any }],
      [{ kind: {} as any }],
      { defaultNamespace: 'default', isNamespaced: () => true },
    );
    expect(diff.action).toBe('update');
    expect(diff.changes).toEqual([
      { path: 'kind.constructor', kind: 'added', to: '' },
    ]);
    expect(diff.unified).toContain('+  constructor: ""');
    const [same] = diffObjects(
      [{ kind: 'ConfigMap', metadata: { name: 'a' }, data: { toString: 'x' } }],
      [{ kind: 'ConfigMap', metadata: { name: 'a' }, data: { toString: 'x' } }],
      { defaultNamespace: 'default', isNamespaced: () => true },
    );
    expect(same.action).toBe('unchanged');
  });

  it('compares the last of two manifests for one object, and says so (found by the CLI long run)', () => {
    // `kind: {}` and `kind: []` with numeric names both identify as no kind
    // and no name; a side compared with itself reported an update.
    const side = [
      { kind: {} as any, metadata: { name: -1 as any } },
      { kind: [] as any, metadata: { name: 5e-324 as any } },
    ];
    const options = { defaultNamespace: 'default', isNamespaced: () => true };
    expect(
      diffObjects(side, side, { ...options, exact: true, prune: true }).map(
        d => d.action,
      ),
    ).toEqual(['unchanged']);
    const twice = [
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'a' },
        data: { v: '1' },
      },
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'a' },
        data: { v: '2' },
      },
    ];
    const [diff] = diffObjects(twice, [{ ...twice[1] }], options);
    expect(diff.action).toBe('unchanged');
    const section = compareRendered(
      'x',
      { objects: twice.map(object => ({ bundle: 'b', object })), notes: [] },
      { objects: [{ bundle: 'b', object: twice[1] }], notes: [] },
    );
    expect(section.summary).toEqual({
      create: 0,
      update: 0,
      delete: 0,
      unchanged: 1,
    });
    expect(section.notes).toEqual([
      'the left side holds /ConfigMap/default/a more than once: the last one is compared (applying them in order leaves it)',
    ]);
  });
});
