import fc from 'fast-check';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { hostileObject, objectPairs } from '../__testUtils__/manifests';
import type { KubeObject } from '../providers/renderCluster';
import { diffObjects as diffObjectsBefore } from './__oracle__/diffObjectsBefore';
import { QUANTITY_PATTERN } from './crdQuantityFields';
import { diffObjects, DiffOptions } from './diffObjects';

/**
 * diffObjects is built on objectDiffer (a pair at a time) since 98a4bca; the
 * code before it is the oracle: the same inputs give the same diffs.
 */
const OPTIONS: DiffOptions = {
  defaultNamespace: 'default',
  isNamespaced: (_group, kind) =>
    !['Namespace', 'ClusterRole', 'CustomResourceDefinition'].includes(kind),
};
const modes = fc.record({
  exact: fc.boolean(),
  prune: fc.boolean(),
  declared: fc.boolean(),
});

/** A Widget CRD that says `spec.size` (and maybe `spec.limit`) is a quantity. */
const widgetCrd = fc.subarray(['size', 'limit']).map(
  fields =>
    ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        names: { kind: 'Widget', plural: 'widgets' },
        scope: 'Namespaced',
        versions: [
          {
            name: 'v1',
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  spec: {
                    type: 'object',
                    properties: Object.fromEntries(
                      fields.map(f => [
                        f,
                        {
                          'x-kubernetes-int-or-string': true,
                          pattern: QUANTITY_PATTERN,
                        },
                      ]),
                    ),
                  },
                },
              },
            },
          },
        ],
      },
    } as KubeObject),
);
const widget = fc
  .record({
    namespace: fc.constantFrom(undefined, 'default', 'apps'),
    size: fc.constantFrom('1Gi', '1024Mi', 1073741824, '1G'),
    limit: fc.constantFrom('100m', '0.1', 'x'),
  })
  .map(
    ({ namespace, size, limit }) =>
      JSON.parse(
        JSON.stringify({
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w', namespace },
          spec: { size, limit },
        }),
      ) as KubeObject,
  );
const extra = fc.array(fc.oneof(widgetCrd, widget, hostileObject), {
  maxLength: 4,
});

describe('diffObjects against the code before objectDiffer', () => {
  it(
    'gives the same diffs for the same objects, duplicates, hostile objects and shipped CRDs included',
    () => {
      fc.assert(
        fc.property(
          objectPairs,
          extra,
          extra,
          modes,
          ({ left, right }, moreLeft, moreRight, mode) => {
            const live = [...left, ...moreLeft] as Partial<KubeObject>[];
            const desired = [...right, ...moreRight, ...right.slice(0, 1)];
            const options = {
              ...OPTIONS,
              ...mode,
              declared: mode.declared ? desired : undefined,
            };
            let before: unknown;
            let after: unknown;
            try {
              before = diffObjectsBefore(desired, live, options);
            } catch (error) {
              before = { threw: String(error) };
            }
            try {
              after = diffObjects(desired, live, options);
            } catch (error) {
              after = { threw: String(error) };
            }
            expect(after).toEqual(before);
          },
        ),
        fuzzParameters(150),
      );
    },
    fuzzTimeout(60_000),
  );
});
