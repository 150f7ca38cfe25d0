import { Fleet, FleetFiles } from '../model/Fleet';
import { ArlonKind } from '../model/types';
import { applicationNameProblems } from './fleet/applicationNames';
import { bundleProblems } from './fleet/bundleRules';
import { clusterProblems } from './fleet/clusterReferences';
import { clusterSpecProblems } from './fleet/clusterSpecRules';
import { FleetCheck } from './fleet/FleetCheck';
import { profileProblems } from './fleet/profileReferences';
import { DefinitionFileReader, readDefinitions } from './fleet/readDefinitions';
import { addUniqueNames, fleetMaps } from './fleet/uniqueNames';
import { Problem, sortProblems } from './Problem';

/**
 * Validates a whole fleet repository and returns every problem at once, each
 * located at its file, line and field. Only definitions without problems of
 * their own make it into `fleet`, so the compiler never sees a broken one.
 *
 * A pipeline of phases, each in its own file under `fleet/`: parse each file,
 * keep unique names, then the rules per kind (references, cluster specs,
 * values), then the generated Application names. Problems keep this order
 * among those at the same position.
 *
 * `readFile` reads one file of the parse phase; FleetValidationCache gives
 * one that remembers files by content, so a commit re-reads only what changed.
 */
export function validateFleet(
  files: FleetFiles,
  readFile?: DefinitionFileReader,
): {
  fleet: Fleet;
  problems: Problem[];
} {
  const fleet: Fleet = {
    bundles: new Map(),
    profiles: new Map(),
    clusterSpecs: new Map(),
    clusters: new Map(),
    files,
  };
  const read = readDefinitions(files, readFile);
  const check: FleetCheck = {
    fleet,
    isBroken: (kind: ArlonKind, name: string) =>
      read.brokenNames.has(`${kind}/${name}`),
  };
  const problems: Problem[] = [
    ...read.problems,
    ...addUniqueNames(fleet, read.candidates),
    ...[...fleet.bundles.values()].flatMap(b => bundleProblems(b, files)),
    ...[...fleet.profiles.values()].flatMap(p => profileProblems(p, check)),
    ...[...fleet.clusterSpecs.values()].flatMap(({ object, source }) =>
      clusterSpecProblems(object.spec, source, ['spec']),
    ),
    ...[...fleet.clusters.values()].flatMap(c => clusterProblems(c, check)),
    ...applicationNameProblems(fleet),
  ];
  dropBroken(fleet, problems);
  return { fleet, problems: sortProblems(problems) };
}

/** Drops definitions that have problems in their file, so compiling never sees them. */
function dropBroken(fleet: Fleet, problems: ReadonlyArray<Problem>) {
  const broken = new Set(problems.map(p => p.file));
  for (const map of Object.values(fleetMaps(fleet))) {
    for (const [name, located] of map)
      if (broken.has(located.source.file)) map.delete(name);
  }
}
