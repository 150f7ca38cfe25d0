import type { Fleet } from '../model/Fleet';
import { inlineBundleFolder } from '../model/Fleet';
import { isLibraryRef, resolveLibraryBundle } from '../library/library';
import type { KubeObject } from '../providers/renderCluster';
import { groupOf, scopeFromObjects } from '../diff/scope';
import { renderSource, UnrenderableSource } from './renderSource';

/** An object rendered from a bundle, with the bundle it came from. */
export interface RenderedObject {
  bundle: string;
  object: KubeObject;
}

/** What a set of bundles renders to, and why any of them could not be rendered. */
export interface Rendered {
  objects: RenderedObject[];
  notes: string[];
}

/**
 * A bundle's manifests as ArgoCD would apply them: read from the fleet
 * repository (inline bundles, or Git sources in the fleet repository itself),
 * namespaced objects without a namespace placed in the bundle's namespace
 * (the destination the compiler gives each bundle application). Helm charts
 * (from Git or from a Helm repository) and other repositories are refused
 * with a reason: they are rendered by ArgoCD, which a live comparison sees.
 */
export function renderBundle(
  fleet: Fleet,
  name: string,
  fleetRepoUrl?: string,
): KubeObject[] {
  const fromLibrary = isLibraryRef(name)
    ? resolveLibraryBundle(fleet.libraries, name)
    : undefined;
  if (fromLibrary)
    // The portal keeps a library's definitions, not its manifests.
    throw new UnrenderableSource(
      `bundle ${name} comes from the library ${fromLibrary.library.name} (${
        fromLibrary.library.url
      } at ${fromLibrary.library.commit!.slice(
        0,
        12,
      )}); library bundles are not rendered here, so compare it against a live cluster where ArgoCD has applied it`,
    );
  const bundle = fleet.bundles.get(name)?.object;
  if (!bundle)
    throw new UnrenderableSource(`there is no valid bundle named ${name}`);
  const files = new Map(Object.entries(fleet.files));
  const source = bundle.spec.source;
  let objects: KubeObject[];
  if ('helmRepository' in source && source.helmRepository) {
    const { repoUrl, chart, version } = source.helmRepository;
    throw new UnrenderableSource(
      `bundle ${name} is the Helm chart ${chart} ${version} from the Helm repository ${repoUrl}; a Helm repository bundle is rendered by ArgoCD and cannot be pre-flighted locally, so compare it against a live cluster where ArgoCD has applied it`,
    );
  }
  if ('git' in source) {
    const { repoUrl, path, type } = source.git;
    if (type === 'helm')
      throw new UnrenderableSource(
        `bundle ${name} is a Helm chart (${repoUrl}, ${path}); Helm charts are not rendered here, so compare it against a live cluster where ArgoCD has applied it`,
      );
    if (!fleetRepoUrl || !sameRepository(repoUrl, fleetRepoUrl))
      throw new UnrenderableSource(
        `bundle ${name}'s manifests are in ${repoUrl}, not in the fleet repository; only the fleet repository's files are rendered`,
      );
    objects = renderSource(files, path, false);
  } else {
    objects = renderSource(files, inlineBundleFolder(name), false);
  }
  return placeInNamespace(objects, name);
}

/**
 * Gives namespaced objects that name no namespace `namespace`, as applying
 * them there would; cluster-scoped kinds (CRD scope included) keep none.
 */
export function placeInNamespace(
  objects: KubeObject[],
  namespace: string,
): KubeObject[] {
  const isNamespaced = scopeFromObjects(objects);
  return objects.map(o =>
    isNamespaced(groupOf(o.apiVersion), o.kind) && !o.metadata.namespace
      ? { ...o, metadata: { ...o.metadata, namespace } }
      : o,
  );
}

/** Several bundles' objects; a bundle that cannot be rendered becomes a note, not a failure. */
export function renderBundles(
  fleet: Fleet,
  names: string[],
  fleetRepoUrl?: string,
): Rendered {
  const rendered: Rendered = { objects: [], notes: [] };
  for (const bundle of names) {
    try {
      for (const object of renderBundle(fleet, bundle, fleetRepoUrl))
        rendered.objects.push({ bundle, object });
    } catch (error) {
      if (!(error instanceof UnrenderableSource)) throw error;
      rendered.notes.push(error.message);
    }
  }
  return rendered;
}

/** The bundles a profile or a cluster (through its profiles) deploys, in order, without repeats. */
export function bundlesOf(
  fleet: Fleet,
  target: { kind: 'profile' | 'cluster'; name: string },
): string[] {
  const profiles =
    target.kind === 'profile'
      ? [target.name]
      : fleet.clusters.get(target.name)?.object.spec.profiles ?? [];
  return [
    ...new Set(
      profiles.flatMap(p => fleet.profiles.get(p)?.object.spec.bundles ?? []),
    ),
  ];
}

function sameRepository(a: string, b: string) {
  const canonical = (url: string) =>
    url
      .replace(/\/+$/, '')
      .replace(/\.git$/, '')
      .toLowerCase();
  return canonical(a) === canonical(b);
}
