// The AppProjects that bound what bundle and cluster root Applications may read and deploy.
import { bundleOfEntry } from '../library/library';
import type { Fleet } from '../model/Fleet';
import type { KubeObject } from '../providers/renderCluster';
import { appProject, sorted } from './argoObjects';
import { specOf } from './clusterApplication';
import {
  BUNDLES_PROJECT,
  CLUSTERS_PROJECT,
  CompileOptions,
  IN_CLUSTER,
  IN_CLUSTER_SPELLINGS,
} from './generatedTree';

/**
 * Bundle Applications may read only the repositories the fleet declares (its
 * own, and each Git bundle's) and deploy anywhere but the management
 * cluster. The `!` destination is a deny rule (ArgoCD 2.5 and later): it
 * wins over the allow-all after it whatever the order.
 */
export function bundlesProject(
  fleet: Fleet,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const repos = new Set<string>([options.repoUrl]);
  // The fleet's bundles, and the library bundles its profiles use.
  const libraryBundles = [...fleet.profiles.values()].flatMap(p =>
    p.object.spec.bundles.flatMap(entry => {
      const found = bundleOfEntry(fleet, entry);
      return found?.library ? [found] : [];
    }),
  );
  for (const { library } of libraryBundles) repos.add(library!.url);
  for (const object of [
    ...[...fleet.bundles.values()].map(b => b.object),
    ...libraryBundles.map(b => b.bundle),
  ]) {
    const source = object.spec.source;
    if ('git' in source && source.git) repos.add(source.git.repoUrl);
    if ('helmRepository' in source && source.helmRepository)
      repos.add(source.helmRepository.repoUrl);
  }
  return appProject(ns, BUNDLES_PROJECT, {
    description:
      "Arlon's bundle Applications: the fleet's declared repositories, any workload cluster, never the management cluster.",
    sourceRepos: [...repos].sort(),
    destinations: [
      // ArgoCD compares server strings: deny both spellings of in-cluster.
      ...IN_CLUSTER_SPELLINGS.map(server => ({
        server: `!${server}`,
        namespace: '*',
      })),
      { server: '*', namespace: '*' },
    ],
    clusterResourceWhitelist: [{ group: '*', kind: '*' }],
  });
}

/**
 * Root Applications deploy a cluster's Cluster API objects from the fleet
 * repository into the namespace named after it on the management cluster,
 * and nothing else: no other namespace, no cluster-scoped kind but the
 * Namespace that `CreateNamespace=true` makes.
 */
export function clustersProject(
  fleet: Fleet,
  options: CompileOptions,
  ns: string,
): KubeObject {
  const built = sorted(fleet.clusters)
    .filter(({ object }) => specOf(fleet, object))
    .map(({ object }) => object.metadata.name);
  return appProject(ns, CLUSTERS_PROJECT, {
    description:
      "Arlon's cluster root Applications: Cluster API objects from the fleet repository, each into its cluster's namespace of the management cluster.",
    sourceRepos: [options.repoUrl],
    destinations: built.map(name => ({ server: IN_CLUSTER, namespace: name })),
    clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }],
  });
}
