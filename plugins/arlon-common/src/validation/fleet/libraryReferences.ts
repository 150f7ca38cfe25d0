// Library references: a profile's `<library>/<bundle>` entry names a configured library and one of its bundles.
import { LibraryCatalog, parseLibraryRef } from '../../library/library';
import type { SourceDocument } from '../../model/parseDocuments';
import { closeNames } from '../closeNames';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

/**
 * Checks one `<library>/<bundle>` entry against the libraries the portal
 * has read. A library that cannot be read now but was read before is a
 * warning: its last known good bundles are still deployed (a library that
 * is briefly away must never strip add-ons from clusters). One never read
 * is a problem, which holds the profile's clusters at last known good.
 */
export function libraryReferenceProblems(
  entry: string,
  source: SourceDocument,
  path: PropertyKey[],
  libraries: LibraryCatalog | undefined,
): { problems: Problem[]; warnings: Problem[] } {
  const none = { problems: [], warnings: [] };
  const problem = (message: string, hint: string) => ({
    problems: [at(source, path, message, hint)],
    warnings: [],
  });
  const ref = parseLibraryRef(entry);
  if ('problem' in ref)
    return problem(
      ref.problem,
      'Name a fleet bundle ("cert-manager"), or a bundle of a library in arlon.libraries as "<library>/<bundle>" ("platform/cert-manager").',
    );
  const library = libraries?.get(ref.library);
  if (!library) {
    const known = [...(libraries?.keys() ?? [])];
    const close = closeNames(ref.library, known);
    let hint =
      "Add it under arlon.libraries in the portal's app-config (`arlon validate` has no libraries: check library references in the portal).";
    if (known.length)
      hint = `The configured libraries are: ${known.join(
        ', ',
      )}. Add it under arlon.libraries in the portal's app-config, or check the name.`;
    if (close.length)
      hint = `Did you mean ${close.map(c => `"${c}"`).join(' or ')}?`;
    return problem(
      `bundle "${entry}" names library "${ref.library}", which is not configured`,
      hint,
    );
  }
  if (!library.commit)
    return problem(
      `bundle "${entry}": library "${ref.library}" (${
        library.url
      }) has never been read (${library.unreachable ?? 'no read yet'})`,
      'Check that the library repository is reachable from the Backstage backend and its revision or branch exists; the clusters of this profile keep their last known good state meanwhile.',
    );
  if (!library.bundles.has(ref.bundle)) {
    const close = closeNames(ref.bundle, library.bundles.keys());
    return problem(
      `bundle "${entry}" does not exist in library "${
        ref.library
      }" at ${library.commit.slice(0, 12)}`,
      close.length
        ? `Did you mean ${close
            .map(c => `"${ref.library}/${c}"`)
            .join(' or ')}?`
        : `The library defines its bundles in arlon/bundles/ of ${library.url}; check the name.`,
    );
  }
  if (library.unreachable)
    return {
      problems: [],
      warnings: [
        at(
          source,
          path,
          `library "${ref.library}" could not be read (${
            library.unreachable
          }); bundle "${entry}" stays at the last known good commit ${library.commit.slice(
            0,
            12,
          )}`,
          'Check that the library repository is reachable from the Backstage backend; nothing is removed meanwhile.',
        ),
      ],
    };
  return none;
}
