import { Fleet } from '../model/Fleet';
import { renderClusterManifests } from '../providers/renderCluster';
import { bundlesProject, clustersProject } from './appProjects';
import { sorted } from './argoObjects';
import { clusterApplication, specOf } from './clusterApplication';
import { clusterValues } from './clusterValues';
import { fleetBootstrapApplication } from './fleetBootstrap';
import {
  BUNDLES_PROJECT,
  CLUSTERS_PROJECT,
  CompileOptions,
  GENERATED_ROOT,
  GeneratedFiles,
} from './generatedTree';
import {
  bootstrapTree,
  fleetOfTree,
  placedManagementClusters,
} from './placement';
import { profileApplicationSet } from './profileApplicationSet';
import { YamlRenderMemo } from './renderYaml';

// Where they always were for callers of this module; each lives in the file
// of its concern (generatedTree.ts, profileLabels.ts, clusterApplication.ts,
// clusterValues.ts).
export {
  BUNDLES_PROJECT,
  CAPI_VERSION_ANNOTATION,
  CLUSTERS_PROJECT,
  GENERATED_ROOT,
  RESOURCES_FINALIZER,
} from './generatedTree';
export type { CompileOptions, GeneratedFiles } from './generatedTree';
export { PROFILE_LABEL_PREFIX, profileLabels } from './profileLabels';
export { specOf } from './clusterApplication';
export { nest } from './clusterValues';

/**
 * The YAML of every object the last compiles wrote, by content: a change
 * recompiles the whole fleet, and rendering the objects it did not touch
 * again was most of a compile's time (renderYaml.ts). The output is the same.
 */
const rendered = new YamlRenderMemo();

/**
 * The compiler: definitions in, the generated tree out. Pure and deterministic
 * (same fleet, byte-identical files), so re-running it is a no-op commit.
 *
 * - `generated/bootstrap/arlon-fleet.yaml`: the one Application to apply by
 *   hand; it syncs `generated/argocd/` into ArgoCD.
 * - `generated/argocd/clusters/<c>.yaml`: a root Application per built cluster,
 *   syncing `generated/clusters/<c>/` (its CAPI manifests) into namespace `<c>`.
 * - `generated/argocd/profiles/<p>.yaml`: an ApplicationSet per profile; its
 *   cluster generator selects ArgoCD cluster Secrets labelled
 *   `profile.arlon.io/<p>: "true"` and emits one Application per bundle.
 * - `generated/values/<c>/<bundle>.yaml`: merged Helm values per cluster and
 *   bundle (bundle defaults < profile < cluster, plus `arlon.clusterName`).
 * - `generated/argocd/projects/`: the AppProjects that bound what those
 *   Applications may deploy (see `bundlesProject`, `clustersProject`). The
 *   bootstrap Application stays in `default`: it must be applied by hand
 *   before anything Arlon generates exists, and only syncs `generated/argocd/`.
 *
 * That is the default tree, of the clusters that name no management cluster.
 * Each management cluster named in a `spec.managementCluster` gets a tree of
 * its own under `generated/management-clusters/<name>/` (`bootstrap/` and
 * `argocd/`, laid out the same), holding only its clusters' root
 * Applications; cluster manifests and values stay shared (see placement.ts).
 */
export function compileFleet(
  fleet: Fleet,
  options: CompileOptions,
): GeneratedFiles {
  const ns = options.argocdNamespace ?? 'argocd';
  const out: GeneratedFiles = {};
  rendered.nextGeneration();
  const putAt = (file: string, objects: object[]) => {
    out[file] = objects.map(o => rendered.render(o)).join('---\n');
  };
  const put = (path: string, objects: object[]) =>
    putAt(`${GENERATED_ROOT}/${path}`, objects);

  // One tree per management cluster; a fleet that names none has only the
  // default tree, at the paths it always had.
  for (const managementCluster of [
    undefined,
    ...placedManagementClusters(fleet),
  ]) {
    const tree = bootstrapTree(managementCluster);
    const own = fleetOfTree(fleet, managementCluster);
    const inTree = (path: string) => `${tree.argocdDir}/${path}`;
    putAt(tree.bootstrapFile, [fleetBootstrapApplication(options, ns, tree)]);
    putAt(inTree(`projects/${BUNDLES_PROJECT}.yaml`), [
      bundlesProject(own, options, ns),
    ]);
    putAt(inTree(`projects/${CLUSTERS_PROJECT}.yaml`), [
      clustersProject(own, options, ns),
    ]);
    for (const { object: profile } of sorted(own.profiles)) {
      putAt(inTree(`profiles/${profile.metadata.name}.yaml`), [
        profileApplicationSet(own, profile, options, ns),
      ]);
    }
    for (const { object: cluster } of sorted(own.clusters)) {
      const spec = specOf(own, cluster);
      if (spec)
        putAt(inTree(`clusters/${cluster.metadata.name}.yaml`), [
          clusterApplication(own, cluster, spec, options, ns),
        ]);
    }
  }

  for (const { object: cluster } of sorted(fleet.clusters)) {
    const name = cluster.metadata.name;
    const spec = specOf(fleet, cluster);
    if (spec) {
      put(
        `clusters/${name}/cluster.yaml`,
        renderClusterManifests(name, name, spec, {
          capiVersion: options.capiVersion,
        }),
      );
    }
    for (const [bundle, values] of clusterValues(fleet, cluster)) {
      put(`values/${name}/${bundle}.yaml`, [values]);
    }
  }

  return Object.fromEntries(
    Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}
