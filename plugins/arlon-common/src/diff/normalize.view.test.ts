import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { hostileKey, hostileValue } from '../__testUtils__/hostile';
import { hostileObject, objectPairs } from '../__testUtils__/manifests';
import type { KubeObject } from '../providers/renderCluster';
import { diffObjects } from './diffObjects';
import { normalizedView, normalizeObject } from './normalize';

/**
 * normalizedView shares with its input what it does not change, where
 * normalizeObject used to copy the whole object first (structuredClone).
 * This is that copying algorithm, kept here only to say what the answer
 * must stay: the same fields, values and key order, for any input.
 */
function copyingNormalize(object: any): any {
  const NOISE_ANNOTATIONS = [
    'kubectl.kubernetes.io/last-applied-configuration',
    'argocd.argoproj.io/tracking-id',
    'deployment.kubernetes.io/revision',
  ];
  const NOISE_LABELS = ['app.kubernetes.io/instance'];
  const NOISE_METADATA = [
    'managedFields',
    'resourceVersion',
    'uid',
    'generation',
    'creationTimestamp',
    'selfLink',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'ownerReferences',
  ];
  const { status: _status, ...kept } = object;
  const metadata = kept.metadata;
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const rest = { ...metadata };
    for (const k of NOISE_METADATA) delete rest[k];
    kept.metadata = rest;
  }
  const o: any = structuredClone(kept);
  if (o.metadata) {
    for (const k of NOISE_METADATA) delete o.metadata[k];
    for (const k of NOISE_ANNOTATIONS)
      if (o.metadata.annotations) delete o.metadata.annotations[k];
    for (const k of NOISE_LABELS)
      if (o.metadata.labels) delete o.metadata.labels[k];
    for (const k of ['annotations', 'labels'])
      if (o.metadata[k] && Object.keys(o.metadata[k]).length === 0)
        delete o.metadata[k];
  }
  if (o.kind === 'Secret' && o.apiVersion === 'v1' && o.stringData) {
    o.data = { ...o.data };
    for (const [k, v] of Object.entries(o.stringData))
      o.data[k] = Buffer.from(String(v ?? '')).toString('base64');
    delete o.stringData;
  }
  return o;
}

/**
 * The same own keys (`__proto__` included: JSON text shows it only as an
 * own key), in the same order, with the same values. Prototypes are not
 * compared: under jest, structuredClone's copies come from another realm.
 */
function same(a: unknown, b: unknown): boolean {
  return (
    JSON.stringify(a) === JSON.stringify(b) &&
    isDeepStrictEqual(plain(a), plain(b))
  );
}

/** `value` with every object's prototype Object.prototype, keys as they are. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return Array.from(value, plain);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, plain(v)]),
  );
}

const deep = (depth: number, leaf: unknown): unknown =>
  depth === 0 ? leaf : { [`l${depth}`]: deep(depth - 1, leaf) };

const noisy = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'kubectl.kubernetes.io/last-applied-configuration',
      'argocd.argoproj.io/tracking-id',
      'deployment.kubernetes.io/revision',
      'app.kubernetes.io/instance',
    ),
    hostileKey,
  ),
  fc.oneof(fc.string({ maxLength: 8 }), hostileValue),
  { maxKeys: 4, noNullPrototype: true },
);

/** Live-looking objects: server metadata, noise annotations and labels, stringData, status, deep or huge parts. */
const liveLike: fc.Arbitrary<any> = fc
  .record(
    {
      apiVersion: fc.constantFrom('v1', 'apps/v1', 'example.com/v1'),
      kind: fc.constantFrom('Secret', 'ConfigMap', 'Deployment', 'Widget'),
      metadata: fc.oneof(
        fc.record(
          {
            name: fc.string({ maxLength: 8 }),
            annotations: fc.oneof(noisy, hostileValue),
            labels: fc.oneof(noisy, hostileValue),
            managedFields: fc.constant([{ manager: 'x', fieldsV1: {} }]),
            uid: fc.uuid(),
            resourceVersion: fc.nat().map(String),
            __proto__: hostileValue,
            constructor: hostileValue,
          },
          { requiredKeys: [] },
        ),
        hostileValue,
      ),
      stringData: fc.oneof(noisy, hostileValue),
      data: fc.oneof(noisy, hostileValue),
      spec: fc.oneof(
        hostileValue,
        fc.nat({ max: 300 }).map(d => deep(d, 'leaf')),
        fc.constant({ items: Array.from({ length: 5000 }, (_, i) => ({ i })) }),
      ),
      status: hostileValue,
    },
    { requiredKeys: ['apiVersion', 'kind'] },
  )
  // As a parsed manifest holds it: `__proto__` an own key, not the prototype.
  .map(o => JSON.parse(JSON.stringify(o)));

describe('normalizedView', () => {
  it(
    'gives what copying the whole object gave, and leaves its input as it was',
    () => {
      fc.assert(
        fc.property(fc.oneof(liveLike, hostileObject), object => {
          const before = structuredClone(object);
          const view = normalizedView(object);
          expect(same(view, copyingNormalize(before))).toBe(true);
          expect(same(object, before)).toBe(true);
          expect(same(normalizeObject(object), view)).toBe(true);
        }),
        fuzzParameters(300),
      );
    },
    fuzzTimeout(60_000),
  );

  it('keeps an own `__proto__` key as a key, never as the prototype', () => {
    const object = JSON.parse(
      '{"kind":"Secret","apiVersion":"v1","metadata":{"annotations":{"__proto__":{"x":1},"argocd.argoproj.io/tracking-id":"t"}},"stringData":{"__proto__":"p","a":"b"}}',
    );
    const view: any = normalizedView(object);
    expect(Object.keys(view.metadata.annotations)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(view.metadata.annotations)).toBe(
      Object.prototype,
    );
    expect(same(view, copyingNormalize(object))).toBe(true);
  });
});

describe('diffObjects, with objects normalised in place', () => {
  /** Every value inside `value` changed, as a caller might once it has the result. */
  const scribble = (value: any, depth = 0): void => {
    if (!value || typeof value !== 'object' || depth > 50) return;
    for (const k of Object.keys(value)) {
      if (value[k] && typeof value[k] === 'object')
        scribble(value[k], depth + 1);
      else value[k] = 'scribbled';
    }
  };

  it(
    "reports changes that share nothing with the caller's objects",
    () => {
      fc.assert(
        fc.property(
          objectPairs,
          fc.boolean(),
          fc.boolean(),
          ({ left, right }, exact, prune) => {
            const options = {
              defaultNamespace: 'default',
              isNamespaced: () => true,
              exact,
              prune,
            };
            const result = diffObjects(right, left, options);
            const copy = structuredClone(result);
            for (const o of [...left, ...right]) scribble(o);
            expect(result).toEqual(copy);
          },
        ),
        fuzzParameters(200),
      );
    },
    fuzzTimeout(60_000),
  );

  it('keeps the last-applied annotation of a changed object out of its changes', () => {
    const desired: KubeObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', namespace: 'n' },
      data: { a: '1' },
    } as KubeObject;
    const live = {
      ...desired,
      metadata: {
        ...desired.metadata,
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration':
            JSON.stringify(desired),
        },
      },
      data: { a: '2' },
    } as KubeObject;
    const [diff] = diffObjects([desired], [live], {
      defaultNamespace: 'default',
      isNamespaced: () => true,
    });
    expect(diff.changes).toEqual([
      { path: 'data.a', kind: 'changed', from: '2', to: '1' },
    ]);
    expect(diff.unified).not.toContain('last-applied');
    expect(live.metadata.annotations).toHaveProperty([
      'kubectl.kubernetes.io/last-applied-configuration',
    ]);
  });
});
