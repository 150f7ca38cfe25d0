import fc from 'fast-check';
import type { KubeObject } from '../providers/renderCluster';
import { dnsLabel } from './arbitraries';
import { hostileKey, hostileValue } from './hostile';

/**
 * Arbitraries for diff inputs: Kubernetes objects as manifests and live
 * clusters hold them (Secrets whose values carry a marker that must never
 * appear in a diff), and objects that are not quite objects.
 */

/** Marks a Secret value: if it appears in a diff or report, a value leaked. */
export const SECRET_MARKER = 'S3CRET-VALUE-';

const TYPES: Array<[string, string]> = [
  ['v1', 'ConfigMap'],
  ['v1', 'Service'],
  ['v1', 'Namespace'],
  ['apps/v1', 'Deployment'],
  ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
  ['example.com/v1', 'Widget'],
];

const json = fc.jsonValue({ maxDepth: 3 });
const labels = fc.dictionary(dnsLabel(10), dnsLabel(10), { maxKeys: 3 });

const metadata = (name: string, namespace?: string) =>
  fc.record({
    name: fc.constant(name),
    namespace: fc.constant(namespace),
    labels: fc.option(labels, { nil: undefined }),
    resourceVersion: fc.option(fc.nat().map(String), { nil: undefined }),
    uid: fc.option(fc.uuid(), { nil: undefined }),
  });

const clean = <T>(o: T): T => JSON.parse(JSON.stringify(o));

/** A plain object of one of a few kinds. */
const plainObject: fc.Arbitrary<KubeObject> = fc
  .record({
    type: fc.constantFrom(...TYPES),
    name: dnsLabel(12),
    namespace: fc.option(fc.constantFrom('default', 'apps', 'kube-system'), {
      nil: undefined,
    }),
    data: fc.option(fc.dictionary(dnsLabel(8), fc.string({ maxLength: 12 })), {
      nil: undefined,
    }),
    spec: fc.option(fc.dictionary(dnsLabel(8), json, { maxKeys: 3 }), {
      nil: undefined,
    }),
  })
  .chain(({ type: [apiVersion, kind], name, namespace, data, spec }) =>
    metadata(name, namespace).map(
      m =>
        clean({
          apiVersion,
          kind,
          metadata: m,
          ...(kind === 'ConfigMap' ? { data } : {}),
          ...(kind === 'ConfigMap' || kind === 'Namespace' ? {} : { spec }),
        }) as KubeObject,
    ),
  );

/**
 * A Secret whose every value carries SECRET_MARKER: in data (base64), in
 * stringData, and in the last-applied-configuration annotation that
 * `kubectl apply` writes (the whole object, values included).
 */
export const markedSecret: fc.Arbitrary<KubeObject> = fc
  .record({
    name: dnsLabel(12),
    namespace: fc.constantFrom('default', 'apps'),
    data: fc.dictionary(
      dnsLabel(8),
      fc.nat().map(n => `${SECRET_MARKER}${n}`),
      {
        minKeys: 1,
        maxKeys: 3,
      },
    ),
    stringData: fc.option(
      fc.dictionary(
        dnsLabel(8),
        fc.nat().map(n => `${SECRET_MARKER}${n}s`),
        {
          maxKeys: 2,
        },
      ),
      { nil: undefined },
    ),
    lastApplied: fc.boolean(),
    type: fc.constantFrom('Opaque', 'kubernetes.io/tls'),
  })
  .map(({ name, namespace, data, stringData, lastApplied, type }) => {
    const encoded = Object.fromEntries(
      Object.entries(data).map(([k, v]) => [
        k,
        Buffer.from(v).toString('base64'),
      ]),
    );
    const body = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace },
      type,
      data: encoded,
      ...(stringData ? { stringData } : {}),
    };
    return clean({
      ...body,
      metadata: {
        ...body.metadata,
        ...(lastApplied
          ? {
              annotations: {
                'kubectl.kubernetes.io/last-applied-configuration':
                  JSON.stringify(body),
              },
            }
          : {}),
      },
    }) as KubeObject;
  });

/** Two states of the same objects: some changed, some only on one side. */
export const objectPairs = fc
  .array(fc.oneof(plainObject, markedSecret), { maxLength: 6 })
  .chain(objects =>
    fc.tuple(
      fc.constant(objects),
      fc.tuple(
        ...objects.map(o =>
          fc.oneof(
            fc.constant(o),
            fc.constant(undefined),
            o.kind === 'Secret'
              ? markedSecret.map(s => ({ ...s, metadata: o.metadata }))
              : plainObject.map(p => ({
                  ...p,
                  metadata: o.metadata,
                  apiVersion: o.apiVersion,
                  kind: o.kind,
                })),
          ),
        ),
      ),
      fc.array(fc.oneof(plainObject, markedSecret), { maxLength: 3 }),
    ),
  )
  .map(([left, changed, extra]) => ({
    left,
    right: [...(changed.filter(Boolean) as KubeObject[]), ...extra],
  }));

/** Objects that are not quite Kubernetes objects: missing or mistyped fields, hostile keys. */
export const hostileObject: fc.Arbitrary<Partial<KubeObject>> = fc.oneof(
  fc.record(
    {
      apiVersion: fc.oneof(
        fc.constantFrom('v1', 'apps/v1', '/', ''),
        hostileValue,
      ),
      kind: fc.oneof(fc.constantFrom('Secret', 'ConfigMap', ''), hostileValue),
      metadata: fc.oneof(
        fc.record(
          {
            name: fc.oneof(dnsLabel(8), hostileValue),
            namespace: fc.oneof(dnsLabel(8), hostileValue),
            annotations: fc.oneof(
              fc.dictionary(hostileKey, fc.string(), { noNullPrototype: true }),
              hostileValue,
            ),
          },
          { requiredKeys: [] },
        ),
        hostileValue,
      ),
      data: hostileValue,
      spec: hostileValue,
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<any>,
  plainObject,
);
