// Library repositories: further Git repositories of bundles a profile may name as `<library>/<bundle>`.
import { entityName, entityRef } from '../model/entities';
import type { Located } from '../model/Fleet';
import { definitionNameProblem } from '../model/names';
import type { Bundle } from '../model/types';

/**
 * A library as the portal last read it. Read-only: Arlon never writes to it.
 *
 * @public
 */
export interface Library {
  /** `arlon.libraries[].name`: the part before the `/` of a reference. */
  name: string;
  /** Clone URL as ArgoCD reaches it (no credentials). */
  url: string;
  /**
   * The commit its bundles were read at (a pinned revision, or the
   * configured branch's head when last read); absent when it has never been
   * read, so there is nothing to deploy from.
   */
  commit?: string;
  /** Its valid bundles, by name, read as the fleet's bundles are. */
  bundles: ReadonlyMap<string, Located<Bundle>>;
  /**
   * Why the last read failed. With a commit, the bundles are the last known
   * good content and references are warnings; without one, problems.
   */
  unreachable?: string;
}

/** Libraries by name: what validation and the compiler are given. @public */
export type LibraryCatalog = ReadonlyMap<string, Library>;

/** A profile's reference to a library bundle. @public */
export interface LibraryBundleRef {
  library: string;
  bundle: string;
}

/** A bundle entry names a library bundle when it has a `/`; plain names are the fleet's. @public */
export const isLibraryRef = (entry: string): boolean => entry.includes('/');

/**
 * Splits `<library>/<bundle>`, each part a definition name (RFC 1123
 * label), so `../x`, `a/b/c`, `/x` or `__proto__/x` never name anything.
 * Returns why not when the entry is no such reference.
 *
 * @public
 */
export function parseLibraryRef(
  entry: string,
): LibraryBundleRef | { problem: string } {
  const parts = entry.split('/');
  if (parts.length !== 2)
    return {
      problem: `"${entry}" must be "<library>/<bundle>": one "/" between two names`,
    };
  const [library, bundle] = parts;
  const why =
    (definitionNameProblem(library) &&
      `its library part ${definitionNameProblem(library)}`) ||
    (definitionNameProblem(bundle) &&
      `its bundle part ${definitionNameProblem(bundle)}`);
  if (why)
    return { problem: `"${entry}" is not a library bundle reference: ${why}` };
  return { library, bundle };
}

/**
 * What the compiler names a library bundle's Application (`<cluster>-<this>`),
 * label, namespace and values file: `<library>-<bundle>`. A fleet bundle of
 * that same name on the same cluster is an Application collision, reported
 * by validation (applicationNames).
 *
 * @public
 */
export const libraryBundleKey = (ref: LibraryBundleRef): string =>
  `${ref.library}-${ref.bundle}`;

/** The library and bundle a valid reference resolves to, or undefined. @public */
export function resolveLibraryBundle(
  libraries: LibraryCatalog | undefined,
  entry: string,
):
  | { ref: LibraryBundleRef; library: Library; bundle: Located<Bundle> }
  | undefined {
  const ref = parseLibraryRef(entry);
  if ('problem' in ref) return undefined;
  const library = libraries?.get(ref.library);
  const bundle = library?.commit ? library.bundles.get(ref.bundle) : undefined;
  return bundle && { ref, library: library!, bundle };
}

/**
 * The name a profile's bundle entry has in what the compiler generates:
 * the fleet bundle's own name, or `<library>-<bundle>` (libraryBundleKey).
 *
 * @public
 */
export function generatedBundleName(entry: string): string {
  if (!isLibraryRef(entry)) return entry;
  const ref = parseLibraryRef(entry);
  return 'problem' in ref ? entry : libraryBundleKey(ref);
}

/**
 * The bundle a profile's entry names, from the fleet or a library, with
 * where an inline one's manifests are read: the fleet repository (no
 * `library`) or the library at its commit.
 *
 * @public
 */
export function bundleOfEntry(
  fleet: {
    bundles: ReadonlyMap<string, Located<Bundle>>;
    libraries?: LibraryCatalog;
  },
  entry: string,
): { bundle: Bundle; library?: Library } | undefined {
  if (!isLibraryRef(entry)) {
    const found = fleet.bundles.get(entry);
    return found && { bundle: found.object };
  }
  const found = resolveLibraryBundle(fleet.libraries, entry);
  return found && { bundle: found.bundle.object, library: found.library };
}

/**
 * The catalog entity name of a library bundle: `bundle-<library>.<bundle>`.
 * A fleet bundle's name never holds a `.` (RFC 1123 label), so no fleet
 * bundle's entity (`bundle-<name>`) can take it.
 *
 * @public
 */
export const libraryBundleEntityName = (ref: LibraryBundleRef): string =>
  entityName('Bundle', `${ref.library}.${ref.bundle}`);

/**
 * The entity a profile's bundle entry depends on: the fleet bundle's, or
 * the library bundle's; undefined for an entry that is neither.
 *
 * @public
 */
export function bundleEntityRef(entry: string): string | undefined {
  if (!isLibraryRef(entry)) return entityRef('Bundle', entry);
  const ref = parseLibraryRef(entry);
  return 'problem' in ref
    ? undefined
    : `resource:default/${libraryBundleEntityName(ref)}`;
}
