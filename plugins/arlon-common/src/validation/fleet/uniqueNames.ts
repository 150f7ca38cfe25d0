// Unique-names phase: the first definition of a name per kind is kept, later ones are problems.
import type { Fleet, Located } from '../../model/Fleet';
import type { ArlonKind, ArlonObject } from '../../model/types';
import { Problem } from '../Problem';
import { at } from './FleetCheck';

/** The fleet's map for each kind. */
export function fleetMaps(
  fleet: Fleet,
): Record<ArlonKind, Map<string, Located<any>>> {
  return {
    Bundle: fleet.bundles,
    Profile: fleet.profiles,
    ClusterSpec: fleet.clusterSpecs,
    Cluster: fleet.clusters,
  };
}

/** Adds each candidate to `fleet` unless its kind already has that name. */
export function addUniqueNames(
  fleet: Fleet,
  candidates: ReadonlyArray<Located<ArlonObject>>,
): Problem[] {
  const problems: Problem[] = [];
  const byKind = fleetMaps(fleet);
  for (const located of candidates) {
    const map = byKind[located.object.kind];
    const name = located.object.metadata.name;
    const first = map.get(name);
    if (first) {
      problems.push(
        at(
          located.source,
          ['metadata', 'name'],
          `a second ${located.object.kind} named "${name}"`,
          `${first.source.file}:${
            first.source.locate(['metadata', 'name']).line
          } already defines it; rename one of them.`,
        ),
      );
      continue;
    }
    map.set(name, located);
  }
  return problems;
}
