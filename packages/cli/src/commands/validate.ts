import { validateFleet } from '@internal/backstage-plugin-arlon-common';
import { formatProblems } from '@internal/backstage-plugin-arlon-common';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';

/** `arlon validate [dir]`: exit 0 when the fleet is valid, 1 with every problem otherwise. */
export async function validate(
  dir: string,
  options: { json: boolean },
  io: Output,
): Promise<number> {
  const { fleet, problems } = validateFleet(await readFleetDir(dir));
  if (options.json) {
    io.out(
      `${JSON.stringify(
        { valid: problems.length === 0, problems },
        null,
        2,
      )}\n`,
    );
  } else if (problems.length) {
    io.err(formatProblems(problems, dir));
  } else {
    io.out(
      `${dir}: valid (${fleet.bundles.size} bundles, ${fleet.profiles.size} profiles, ${fleet.clusterSpecs.size} cluster specs, ${fleet.clusters.size} clusters)\n`,
    );
  }
  return problems.length ? 1 : 0;
}
