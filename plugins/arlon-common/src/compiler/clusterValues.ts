// Merged Helm values per cluster and bundle: bundle defaults < profile < cluster, plus arlon.*.
import { bundleOfEntry, generatedBundleName } from '../library/library';
import type { Fleet } from '../model/Fleet';
import type { Bundle, Cluster, ParameterValue } from '../model/types';
import { FORBIDDEN_KEYS } from '../model/names';

/** A chart from a Git folder or from a Helm repository: both read merged values. */
function isHelmSource(source: Bundle['spec']['source']): boolean {
  if ('helmRepository' in source && source.helmRepository) return true;
  return 'git' in source && source.git.type === 'helm';
}

/** Merged values per Helm bundle of the cluster's profiles: bundle < profile < cluster. */
export function clusterValues(
  fleet: Fleet,
  cluster: Cluster,
): Array<[string, object]> {
  const result: Array<[string, object]> = [];
  for (const profileName of cluster.spec.profiles ?? []) {
    const profile = fleet.profiles.get(profileName)?.object;
    for (const bundleName of profile?.spec.bundles ?? []) {
      const bundle = bundleOfEntry(fleet, bundleName)?.bundle;
      const source = bundle?.spec.source;
      if (!bundle || !source || !isHelmSource(source)) continue;
      const flat: Record<string, ParameterValue> = {};
      for (const p of bundle.spec.parameters ?? [])
        if (p.default !== undefined) flat[p.name] = p.default;
      Object.assign(
        flat,
        profile?.spec.values?.[bundleName],
        cluster.spec.values?.[bundleName],
      );
      const values = nest(flat);
      (values as any).arlon = {
        clusterName: cluster.metadata.name,
        // Sorted, as nest() sorts values: reordering labels by hand is no change.
        clusterLabels: Object.fromEntries(
          Object.entries(cluster.metadata.labels ?? {}).sort(([a], [b]) =>
            a < b ? -1 : 1,
          ),
        ),
      };
      result.push([generatedBundleName(bundleName), values]);
    }
  }
  // Unsorted: compileFleet orders every generated path itself.
  return result;
}

/**
 * `{ 'service.type': 'NodePort' }` becomes `{ service: { type: 'NodePort' } }`,
 * as Helm's --set reads it. Validation refuses __proto__, constructor and
 * prototype segments; the objects built here have no prototype anyway, so
 * no key can reach Object.prototype, and such segments are skipped.
 */
export function nest(
  flat: Record<string, ParameterValue>,
): Record<string, unknown> {
  const root: Record<string, any> = Object.create(null);
  for (const key of Object.keys(flat).sort()) {
    const parts = key.split('.');
    if (parts.some(p => FORBIDDEN_KEYS.has(p))) continue;
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const child = Object.prototype.hasOwnProperty.call(node, part)
        ? node[part]
        : undefined;
      node = node[part] =
        child !== null && typeof child === 'object'
          ? child
          : Object.create(null);
    }
    node[parts[parts.length - 1]] = flat[key];
  }
  return root;
}
