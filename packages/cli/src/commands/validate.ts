import {
  chooseCapiVersion,
  compileFleet,
  formatProblems,
  Problem,
  unservedClusterKinds,
  validateFleet,
} from '@arlon-backstage/plugin-arlon-common';
import { discoverServedKinds } from '@arlon-backstage/plugin-arlon-node';
import type { KubeConfig } from '@kubernetes/client-node';
import type { Output } from '../Output';
import { readFleetDir } from '../readFleetDir';
import { readGeneratedTree } from '../readGeneratedTree';
import { liveCluster } from '../sides';
import {
  CompileOverrides,
  generatedStatus,
  GeneratedStatus,
} from '../generatedStatus';

/** Stale files a report lists before "and N more". */
const SHOWN = 5;

/**
 * `arlon validate [dir]`: exit 0 when the fleet is valid and its
 * `generated/` tree is what the definitions compile to, 1 with every problem
 * (or the stale files and the command that regenerates them) otherwise.
 * With `--context`, also every cluster's Cluster API kinds against that
 * management cluster's (what the portal checks on each write).
 */
export async function validate(
  dir: string,
  options: {
    json: boolean;
    context?: string;
    kubeConfig?: KubeConfig;
  } & CompileOverrides,
  io: Output,
): Promise<number> {
  const files = await readFleetDir(dir);
  // With the generated tree: it says which management cluster builds each
  // cluster today, so a move that would delete one is a problem.
  const { fleet, problems: found } = validateFleet({
    ...files,
    ...(await readGeneratedTree(dir)).files,
  });
  let problems: Problem[] = found;
  if (!problems.length && options.context) {
    // (Whether it runs arlon-fleet does not matter here: the user named it.)
    const served = await discoverServedKinds(
      liveCluster(options.context, options.kubeConfig),
      'argocd',
    );
    // Every cluster's manifests, as if all were being written now, at the
    // Cluster API version the portal would render for this cluster.
    const generated = compileFleet(fleet, {
      repoUrl: 'https://fleet.invalid',
      revision: 'main',
      capiVersion:
        options.capiVersion ?? chooseCapiVersion([served.served], undefined),
    });
    problems = unservedClusterKinds(generated, files, [served]);
  }
  // Only a valid fleet has a tree it compiles to.
  const generated = problems.length
    ? undefined
    : await generatedStatus(dir, files, options);
  const valid = problems.length === 0 && !!generated?.current;
  if (options.json) {
    io.out(
      `${JSON.stringify(
        {
          valid,
          problems,
          ...(generated && {
            generated: {
              current: generated.current,
              stale: generated.stale,
              ...(generated.reason ? { reason: generated.reason } : {}),
              ...(generated.current ? {} : { command: generated.command }),
            },
          }),
        },
        null,
        2,
      )}\n`,
    );
  } else if (problems.length) {
    io.err(formatProblems(problems, dir));
  } else if (!generated!.current) {
    io.err(staleReport(dir, generated!));
  } else {
    io.out(
      `${dir}: valid (${fleet.bundles.size} bundles, ${
        fleet.profiles.size
      } profiles, ${fleet.clusterSpecs.size} cluster specs, ${
        fleet.clusters.size
      } clusters), generated/ is current${
        options.context
          ? `; ${options.context} serves every Cluster API kind they need`
          : ''
      }\n`,
    );
  }
  return valid ? 0 : 1;
}

/** What is stale, the first few files, and the one command that fixes it. */
function staleReport(dir: string, status: GeneratedStatus): string {
  const lines: string[] = [];
  if (status.reason) {
    lines.push(
      `${dir}: the definitions are valid, but generated/ cannot be checked: ${status.reason}.`,
      'Generate it, naming the repository ArgoCD reads the fleet from, and commit the result:',
    );
  } else {
    const n = status.stale.length;
    lines.push(
      `${dir}: the definitions are valid, but generated/ is stale: ${n} ${
        n === 1 ? 'file differs' : 'files differ'
      } from what they compile to (a hand edit or a merge that did not regenerate it):`,
      ...status.stale
        .slice(0, SHOWN)
        .map(({ path, action }) => `  ${action.padEnd(6)} ${path}`),
      ...(n > SHOWN ? [`  ... and ${n - SHOWN} more`] : []),
      'Regenerate it and commit the result:',
    );
  }
  lines.push(`  ${status.command}`);
  return `${lines.join('\n')}\n`;
}
