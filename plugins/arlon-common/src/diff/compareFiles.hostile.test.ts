import { compareFiles } from './compareFiles';
import { uncountedLiveFields, describeUncounted } from './liveOnlyFields';

const deployment = (spec: object = {}, metadata: object = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'web', ...metadata },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27' }], ...spec },
    },
  },
});
const side = (...objects: object[]) => ({
  objects: objects.map(object => ({ bundle: 'web', object: object as any })),
  notes: [],
});

/** A side made to look live (server metadata written by hand) to hide a change. */
describe('compareFiles with a file forged to look live (hostile)', () => {
  it('names a field the forged side adds, which the three-way rule does not count', () => {
    const section = compareFiles(
      'old → new',
      side(deployment()),
      side(deployment({ hostNetwork: true }, { uid: 'x' })),
    );
    expect(section.method).toBe('client-side');
    expect(section.notes).toContain(
      'fields only the right side has are not counted as changes: apps/Deployment/web/web: spec.template.spec.hostNetwork. From a cluster these are API server defaults and fields controllers set; if the right side is a file written by hand, remove its server metadata (uid, resourceVersion, managedFields, creationTimestamp) to compare every field',
    );
  });

  it('names paths, never values: a forged Secret does not show its data', () => {
    const secret = (data: object, metadata: object = {}) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: 'web', ...metadata },
      data,
    });
    const section = compareFiles(
      'old → new',
      side(secret({ a: 'YQ==' })),
      side(secret({ a: 'YQ==', token: 'aHVudGVyMg==' }, { uid: 'x' })),
    );
    const note = section.notes.find(n => n.startsWith('fields only'));
    expect(note).toContain('/Secret/web/s: data.token');
    expect(section.notes.join('\n')).not.toContain('aHVudGVyMg==');
  });

  it('adds no note when the live side has nothing the other lacks', () => {
    const section = compareFiles(
      'old → new',
      side(deployment()),
      side(deployment({}, { uid: 'x' })),
    );
    expect(section.notes.some(n => n.startsWith('fields only'))).toBe(false);
  });

  it('keeps a huge forged side short: at most 5 objects and 5 paths each', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      key: `/ConfigMap/web/c${i}`,
      paths: Array.from({ length: 50 }, (__, j) => `data.k${j}`),
    }));
    const text = describeUncounted(many);
    expect(text).toMatch(
      /^\/ConfigMap\/web\/c0: data\.k0, data\.k1, data\.k2, data\.k3, data\.k4 \(and 45 more\); /,
    );
    expect(text).toMatch(/; and 395 more object\(s\)$/);
    expect(text.length).toBeLessThan(1000);
  });

  it('compares only objects both comparisons name, with a __proto__ key as any other', () => {
    const change = (path: string) => ({ path, kind: 'removed' as const });
    const diff = (
      key: string,
      paths: string[],
      action = 'update' as const,
    ) => ({
      key,
      group: '',
      kind: 'ConfigMap',
      name: key,
      action,
      changes: paths.map(change),
      unified: '',
    });
    expect(
      uncountedLiveFields(
        [diff('__proto__', ['data.a'])],
        [diff('__proto__', ['data.a', 'data.__proto__']), diff('other', ['x'])],
      ),
    ).toEqual([{ key: '__proto__', paths: ['data.__proto__'] }]);
  });
});
