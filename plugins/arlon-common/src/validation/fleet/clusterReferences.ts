// Cluster references: its clusterSpec or external, link/clone mode, profiles, and values.
import { KIND_FOLDERS, Located } from '../../model/Fleet';
import { Cluster } from '../../model/types';
import { Problem } from '../Problem';
import { clusterSpecProblems } from './clusterSpecRules';
import { at, FleetCheck } from './FleetCheck';
import { hintForName } from './suggestions';
import { valuesProblems } from './values';

export function clusterProblems(
  cluster: Located<Cluster>,
  check: FleetCheck,
): Problem[] {
  return [
    ...specReferenceProblems(cluster, check),
    ...modeProblems(cluster),
    ...profileAndValuesProblems(cluster, check),
  ];
}

/** Built from an existing ClusterSpec, or external: one of the two. */
function specReferenceProblems(
  { source, object: { spec } }: Located<Cluster>,
  { fleet, isBroken }: FleetCheck,
): Problem[] {
  if (spec.external && spec.clusterSpec) {
    return [
      at(
        source,
        ['spec', 'external'],
        'a cluster is either external (imported) or built from a clusterSpec, not both',
        'Remove spec.external or spec.clusterSpec.',
      ),
    ];
  }
  if (!spec.external && !spec.clusterSpec) {
    return [
      at(
        source,
        ['spec'],
        'a cluster needs spec.clusterSpec, or spec.external for an imported cluster',
        'Name the ClusterSpec it is built from.',
      ),
    ];
  }
  if (
    spec.clusterSpec &&
    !fleet.clusterSpecs.has(spec.clusterSpec) &&
    !isBroken('ClusterSpec', spec.clusterSpec)
  ) {
    return [
      at(
        source,
        ['spec', 'clusterSpec'],
        `cluster spec "${spec.clusterSpec}" does not exist`,
        hintForName(
          spec.clusterSpec,
          fleet.clusterSpecs,
          'cluster spec',
          KIND_FOLDERS.ClusterSpec,
        ),
      ),
    ];
  }
  return [];
}

/** Linked or cloned, and a cloned cluster's frozen spec checked like a ClusterSpec. */
function modeProblems({ source, object: { spec } }: Located<Cluster>) {
  const problems: Problem[] = [];
  if (spec.external && (spec.mode || spec.clonedFrom)) {
    problems.push(
      at(
        source,
        ['spec', spec.mode ? 'mode' : 'clonedFrom'],
        'an external cluster has no spec to link or clone',
        'Remove spec.mode and spec.clonedFrom.',
      ),
    );
  }
  if (spec.mode === 'cloned' && !spec.clonedFrom) {
    problems.push(
      at(
        source,
        ['spec', 'mode'],
        'a cloned cluster needs spec.clonedFrom (the revision and frozen copy of its spec)',
        'Clone it through the portal or `arlon`, which record both; or use mode: linked.',
      ),
    );
  }
  if (spec.clonedFrom && spec.mode !== 'cloned') {
    problems.push(
      at(
        source,
        ['spec', 'clonedFrom'],
        'spec.clonedFrom is only read for mode: cloned',
        'Set mode: cloned, or remove clonedFrom to follow the spec.',
      ),
    );
  }
  if (spec.clonedFrom)
    problems.push(
      ...clusterSpecProblems(spec.clonedFrom.spec, source, [
        'spec',
        'clonedFrom',
        'spec',
      ]),
    );
  return problems;
}

/** Each profile exists and is listed once, no bundle from two profiles; then the values. */
function profileAndValuesProblems(
  { object, source }: Located<Cluster>,
  { fleet, isBroken }: FleetCheck,
): Problem[] {
  const problems: Problem[] = [];
  const spec = object.spec;
  const bundles = new Set<string>();
  const bundleFrom = new Map<string, string>();
  const seenProfiles = new Set<string>();
  // A broken profile's bundles are unknown: its values cannot be checked yet.
  let profileUnknown = false;
  (spec.profiles ?? []).forEach((profile, i) => {
    if (seenProfiles.has(profile)) {
      problems.push(
        at(
          source,
          ['spec', 'profiles', i],
          `profile "${profile}" is listed twice`,
          'List each profile once.',
        ),
      );
    }
    seenProfiles.add(profile);
    const found = fleet.profiles.get(profile);
    if (!found && isBroken('Profile', profile)) {
      profileUnknown = true;
      return;
    }
    if (!found) {
      problems.push(
        at(
          source,
          ['spec', 'profiles', i],
          `profile "${profile}" does not exist`,
          hintForName(profile, fleet.profiles, 'profile', KIND_FOLDERS.Profile),
        ),
      );
      return;
    }
    for (const b of found.object.spec.bundles) {
      const other = bundleFrom.get(b);
      if (other && other !== profile) {
        // Both ApplicationSets would emit the Application <cluster>-<bundle>.
        problems.push(
          at(
            source,
            ['spec', 'profiles', i],
            `bundle "${b}" comes from both profile "${other}" and profile "${profile}"`,
            'A cluster may get each bundle from one profile only; remove it from one of them.',
          ),
        );
      }
      bundleFrom.set(b, profile);
      bundles.add(b);
    }
  });
  if (!profileUnknown)
    problems.push(
      ...valuesProblems(
        spec.values,
        bundles,
        `the profiles of cluster "${object.metadata.name}"`,
        source,
        fleet,
      ),
    );
  return problems;
}
