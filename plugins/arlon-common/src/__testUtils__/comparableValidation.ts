import type { Fleet, Located } from '../model/Fleet';
import type { FleetValidation } from '../validation/FleetValidationCache';
import type { FleetBreakage } from '../validation/lastKnownGood';

/**
 * A validation as plain data jest can compare: SourceDocument's `locate` is
 * a closure, so each definition's source is compared by what it answers
 * (its file, index, value and the positions problems point at). Map order
 * is kept: the compiler and the unique-names rule depend on it.
 */
function comparableFleet(fleet: Fleet) {
  const entries = (map: Map<string, Located<unknown>>) =>
    [...map].map(([name, { object, source }]) => ({
      name,
      object,
      file: source.file,
      index: source.index,
      value: source.value,
      name_at: source.locate(['metadata', 'name']),
      spec_at: source.locate(['spec']),
    }));
  return {
    bundles: entries(fleet.bundles),
    profiles: entries(fleet.profiles),
    clusterSpecs: entries(fleet.clusterSpecs),
    clusters: entries(fleet.clusters),
    files: fleet.files,
  };
}

export function comparable(validation: FleetValidation) {
  return {
    fleet: comparableFleet(validation.fleet),
    problems: validation.problems,
    warnings: validation.warnings,
  };
}

export function comparableBreakage(breakage: FleetBreakage) {
  return {
    fleet: comparableFleet(breakage.fleet),
    broken: [...breakage.broken],
    unattributed: [...breakage.unattributed],
    held: [...breakage.held],
  };
}
