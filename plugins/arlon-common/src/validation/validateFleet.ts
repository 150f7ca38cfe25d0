import type { LibraryCatalog } from '../library/library';
import { Fleet, FleetFiles } from '../model/Fleet';
import { ArlonKind } from '../model/types';
import { applicationNameProblems } from './fleet/applicationNames';
import { bundleProblems } from './fleet/bundleRules';
import { clusterProblems } from './fleet/clusterReferences';
import { clusterSpecProblems } from './fleet/clusterSpecRules';
import { FleetCheck } from './fleet/FleetCheck';
import { placementProblems } from './fleet/placementRules';
import { profileProblems } from './fleet/profileReferences';
import {
  clusterTrees,
  type ManagementClusterNames,
} from '../compiler/placement';
import { DefinitionFileReader, readDefinitions } from './fleet/readDefinitions';
import type { FleetValidationCache } from './FleetValidationCache';
import { addUniqueNames, fleetMaps } from './fleet/uniqueNames';
import { Problem, sortProblems } from './Problem';

/**
 * What validation knows beyond the files, when the caller does.
 *
 * @public
 */
export interface FleetValidationContext {
  /** The configured management clusters: `spec.managementCluster` is checked against them. */
  managementClusters?: ManagementClusterNames;
  /** The library repositories the portal has read (arlon.libraries); none when absent. */
  libraries?: LibraryCatalog;
  /**
   * Remembers each file's parse by content, so a commit re-reads only what
   * changed; the result is exactly that of a validation without it. The
   * rules across files always run with this context's libraries and
   * management clusters (FleetValidationCache).
   */
  cache?: FleetValidationCache;
}

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
 * With `context.cache`, each file is parsed and checked on its own once per
 * content (FleetValidationCache); the result is the same.
 */
export function validateFleet(
  files: FleetFiles,
  context: FleetValidationContext = {},
): FleetValidation {
  return context.cache
    ? context.cache.validate(files, context)
    : validateFleetReading(files, context);
}

/** What validateFleet returns. @public */
export interface FleetValidation {
  /** The definitions without problems of their own: what the compiler may see. */
  fleet: Fleet;
  /** Every problem, sorted by file, line and field. */
  problems: Problem[];
  /** Worth saying, but nothing is held for them: a library read from its last known good commit. */
  warnings: Problem[];
}

/**
 * validateFleet, with `readFile` reading one file of the parse phase
 * (FleetValidationCache's remembers files by content). `context.cache` is
 * not looked at here.
 *
 * @internal
 */
export function validateFleetReading(
  files: FleetFiles,
  context: FleetValidationContext,
  readFile?: DefinitionFileReader,
): FleetValidation {
  const { libraries } = context;
  const fleet: Fleet = {
    bundles: new Map(),
    profiles: new Map(),
    clusterSpecs: new Map(),
    clusters: new Map(),
    files,
    ...(libraries ? { libraries } : {}),
  };
  const warnings: Problem[] = [];
  const read = readDefinitions(files, readFile);
  const check: FleetCheck = {
    fleet,
    isBroken: (kind: ArlonKind, name: string) =>
      read.brokenNames.has(`${kind}/${name}`),
    warnings,
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
    ...placementProblemsOf(fleet, files, context),
    ...applicationNameProblems(fleet),
  ];
  dropBroken(fleet, problems);
  return {
    fleet,
    problems: sortProblems(problems),
    warnings: sortProblems(warnings),
  };
}

/** Every cluster's placement problems, the generated tree's placements indexed once. */
function placementProblemsOf(
  fleet: Fleet,
  files: FleetFiles,
  context: FleetValidationContext,
): Problem[] {
  const treeOf = clusterTrees(files);
  return [...fleet.clusters.values()].flatMap(c =>
    placementProblems(c, treeOf, context.managementClusters),
  );
}

/** Drops definitions that have problems in their file, so compiling never sees them. */
function dropBroken(fleet: Fleet, problems: ReadonlyArray<Problem>) {
  const broken = new Set(problems.map(p => p.file));
  for (const map of Object.values(fleetMaps(fleet))) {
    for (const [name, located] of map)
      if (broken.has(located.source.file)) map.delete(name);
  }
}
