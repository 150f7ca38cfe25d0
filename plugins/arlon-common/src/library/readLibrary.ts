// A library's bundles, read from its files with the fleet's own reader and rules.
import type { FleetFiles } from '../model/Fleet';
import { KIND_FOLDERS } from '../model/Fleet';
import { Problem } from '../validation/Problem';
import { validateFleet } from '../validation/validateFleet';
import type { Library } from './library';

/**
 * Reads a library at one commit: its `arlon/bundles/*.yaml` and the inline
 * manifests under `bundles/<name>/`, the fleet repository's own layout (so
 * a fleet repository can serve as another fleet's library). Everything else
 * (its profiles, clusters, generated tree) is not read: a library lends
 * bundles only. Bundles with problems are left out, as in a fleet, and the
 * problems are returned for the portal to show.
 *
 * @public
 */
export function readLibrary(
  where: { name: string; url: string; commit: string },
  files: FleetFiles,
): { library: Library; problems: Problem[] } {
  const lent: FleetFiles = {};
  for (const [file, content] of Object.entries(files))
    if (
      file.startsWith(`${KIND_FOLDERS.Bundle}/`) ||
      file.startsWith('bundles/')
    )
      lent[file] = content;
  const { fleet, problems } = validateFleet(lent);
  return {
    library: { ...where, bundles: fleet.bundles },
    problems,
  };
}
