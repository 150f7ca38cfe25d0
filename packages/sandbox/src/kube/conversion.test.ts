import {
  PROVIDERS,
  renderClusterManifests,
} from '@arlon-backstage/plugin-arlon-common';
import { convertObject } from './conversion';
import { upstreamViolations } from './upstreamContract';
import { representativeSpec } from '../upstreamContracts.samples';

/**
 * The sandbox's Cluster API conversion against the compiler, which renders
 * both versions itself: what it renders at v1beta1 read at v1beta2 must be
 * what it renders at v1beta2, and back, for every provider and cluster type;
 * and a converted object must pass the upstream CRDs of its new version.
 */
const renderings = PROVIDERS.flatMap(provider =>
  Object.entries(provider.clusterTypes).map(([type, entry]) => {
    const spec = representativeSpec(
      provider.id,
      type,
      Object.keys(entry.fields ?? {}),
      !!entry.noNodePools,
    );
    const at = (capiVersion: 'v1beta1' | 'v1beta2') =>
      renderClusterManifests('c1', 'fleet', spec, { capiVersion }) as any[];
    return [`${provider.id}/${type}`, at('v1beta1'), at('v1beta2')] as const;
  }),
);

/** The version each group/kind has in `objects`, as Cluster API's contract labels would resolve it. */
const versionsIn =
  (objects: any[]) =>
  (group: string, kind: string): string | undefined =>
    objects
      .find(o => o.kind === kind && o.apiVersion.startsWith(`${group}/`))
      ?.apiVersion.split('/')[1];

/**
 * A ClusterClass's template references (v1beta1 `ref`, v1beta2 `templateRef`) carry an apiVersion in both versions and
 * Cluster API's conversion copies it as written, while the compiler writes
 * the version it renders: only their groups are compared.
 */
function comparable(objects: any[]): any[] {
  const groupsOnly = (v: any): any => {
    if (Array.isArray(v)) return v.map(groupsOnly);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) =>
        (k === 'templateRef' || k === 'ref') &&
        typeof (x as any)?.apiVersion === 'string'
          ? [
              k,
              {
                ...(x as any),
                apiVersion: (x as any).apiVersion.split('/')[0],
              },
            ]
          : [k, groupsOnly(x)],
      ),
    );
  };
  return objects.map(o => (o.kind === 'ClusterClass' ? groupsOnly(o) : o));
}

describe('Cluster API conversion between v1beta1 and v1beta2', () => {
  it.each(renderings)(
    '%s: v1beta1 read at v1beta2 is what v1beta2 renders, and valid there',
    (_key, v1beta1, v1beta2) => {
      const converted = v1beta1.map((o, i) =>
        convertObject(o, v1beta2[i].apiVersion, versionsIn(v1beta2)),
      );
      expect(comparable(converted)).toEqual(comparable(v1beta2));
      expect(converted.flatMap(o => upstreamViolations(o))).toEqual([]);
    },
  );

  it.each(renderings)(
    '%s: v1beta2 read at v1beta1 is what v1beta1 renders, and valid there',
    (_key, v1beta1, v1beta2) => {
      const converted = v1beta2.map((o, i) =>
        convertObject(o, v1beta1[i].apiVersion, versionsIn(v1beta1)),
      );
      expect(comparable(converted)).toEqual(comparable(v1beta1));
      expect(converted.flatMap(o => upstreamViolations(o))).toEqual([]);
    },
  );

  it('converts kinds it does not know by apiVersion alone, and leaves the input as it was', () => {
    const widget = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      spec: { ref: { apiVersion: 'a/v1', kind: 'K', name: 'n' } },
    };
    const before = structuredClone(widget);
    expect(convertObject(widget, 'example.com/v2')).toEqual({
      ...before,
      apiVersion: 'example.com/v2',
    });
    expect(widget).toEqual(before);
  });
});
