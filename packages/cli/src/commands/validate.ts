import {
  compileFleet,
  formatProblems,
  Problem,
  unservedClusterKinds,
  validateFleet,
} from '@internal/backstage-plugin-arlon-common';
import { discoverServedKinds } from '@internal/backstage-plugin-arlon-node';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';
import { liveCluster } from '../sides';

/**
 * `arlon validate [dir]`: exit 0 when the fleet is valid, 1 with every
 * problem otherwise. With `--context`, also every cluster's Cluster API kinds
 * against that management cluster's (what the portal checks on each write).
 */
export async function validate(
  dir: string,
  options: { json: boolean; context?: string },
  io: Output,
): Promise<number> {
  const files = await readFleetDir(dir);
  const { fleet, problems: found } = validateFleet(files);
  let problems: Problem[] = found;
  if (!problems.length && options.context) {
    // (Whether it runs arlon-fleet does not matter here: the user named it.)
    const served = await discoverServedKinds(
      liveCluster(options.context),
      'argocd',
    );
    // Every cluster's manifests, as if all were being written now.
    const generated = compileFleet(fleet, {
      repoUrl: 'https://fleet.invalid',
      revision: 'main',
    });
    problems = unservedClusterKinds(generated, files, [served]);
  }
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
      `${dir}: valid (${fleet.bundles.size} bundles, ${
        fleet.profiles.size
      } profiles, ${fleet.clusterSpecs.size} cluster specs, ${
        fleet.clusters.size
      } clusters)${
        options.context
          ? `; ${options.context} serves every Cluster API kind they need`
          : ''
      }\n`,
    );
  }
  return problems.length ? 1 : 0;
}
