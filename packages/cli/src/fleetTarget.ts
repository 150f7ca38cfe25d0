import {
  bundlesOf,
  definitionNameProblem,
  renderBundles,
  validateFleet,
  type Rendered,
} from '@arlon-backstage/plugin-arlon-common';
import { readFleetDir } from './readFleetDir';

/** A bundle or profile of a fleet checkout, and what its bundles render to. */
export interface FleetTarget {
  target: { kind: 'bundle' | 'profile'; name: string };
  rendered: Rendered;
}

/**
 * `<name>`, `bundle/<name>` or `profile/<name>` in the fleet checkout at
 * `fleetDir`, rendered as ArgoCD would apply it. An unknown or broken name
 * is an error naming the file and line that broke it.
 */
export async function fleetTarget(
  what: string,
  fleetDir: string,
  repoUrl?: string,
): Promise<FleetTarget> {
  const { fleet, problems } = validateFleet(await readFleetDir(fleetDir));
  const [, prefix, name] = /^(?:(bundle|profile)\/)?(.+)$/.exec(what)!;
  const invalid = definitionNameProblem(name);
  if (invalid)
    throw new Error(
      `the ${prefix ?? 'bundle or profile'} name ${JSON.stringify(
        name,
      )} ${invalid}`,
    );
  const isBundle = fleet.bundles.has(name) && prefix !== 'profile';
  const isProfile = fleet.profiles.has(name) && prefix !== 'bundle';
  if (isBundle && isProfile)
    throw new Error(
      `${name} is both a bundle and a profile: say bundle/${name} or profile/${name}`,
    );
  if (!isBundle && !isProfile) {
    const broken = problems.filter(p => p.file.endsWith(`/${name}.yaml`));
    throw new Error(
      `there is no valid ${
        prefix ?? 'bundle or profile'
      } named ${name} in ${fleetDir}${
        broken.length
          ? `: ${broken
              .map(p => `${p.file}:${p.line}: ${p.message}`)
              .join('; ')}`
          : ''
      }`,
    );
  }
  const target = isBundle
    ? ({ kind: 'bundle', name } as const)
    : ({ kind: 'profile', name } as const);
  const rendered = renderBundles(
    fleet,
    isBundle ? [name] : bundlesOf(fleet, { kind: 'profile', name }),
    repoUrl,
  );
  return { target, rendered };
}
