import { GENERATED_ROOT } from '@arlon-backstage/plugin-arlon-common';

/**
 * The clusters a change reaches: those with a generated file (Cluster API
 * manifests, root Application, Helm values) among the changed paths. Read
 * from what the compiler wrote rather than from the definitions, so a spec
 * edit that renders the same manifests (a description) lists no cluster,
 * and a cloned cluster, which does not follow its spec, is not listed.
 * A folder is a cluster's only when a cluster of the fleet has that name.
 */
export function changedClusters(
  paths: string[],
  clusterNames: Iterable<string>,
): string[] {
  const known = new Set(clusterNames);
  const found = new Set<string>();
  for (const path of paths) {
    const segments = path.split('/');
    if (segments[0] !== GENERATED_ROOT) continue;
    for (let i = 1; i < segments.length - 1; i++) {
      if (segments[i] !== 'clusters' && segments[i] !== 'values') continue;
      const next = segments[i + 1];
      // generated/clusters/<c>/..., generated/values/<c>/..., generated/argocd/clusters/<c>.yaml
      const name =
        i + 1 === segments.length - 1 ? next.replace(/\.ya?ml$/, '') : next;
      if (known.has(name)) found.add(name);
    }
  }
  return [...found].sort();
}
