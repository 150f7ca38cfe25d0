import fc from 'fast-check';
import { definitionViews } from '../model/definitionViews';
import type { FleetFiles } from '../model/Fleet';
import { validFleetFiles } from '../__testUtils__/arbitraries';
import {
  applyFleetEdits,
  fleetEdit,
  hostileFleetFiles,
} from '../__testUtils__/hostile';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { FleetValidationCache } from './FleetValidationCache';
import { fleetBreakage } from './lastKnownGood';
import { validateFleet } from './validateFleet';
import {
  comparable,
  comparableBreakage,
} from '../__testUtils__/comparableValidation';

/** One commit: edits of the previous head, or files put back as they were at the start. */
const commit = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fleetEdit, { minLength: 1, maxLength: 3 })
      .map(edits => ({ kind: 'edit' as const, edits })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'revert' as const }) },
  {
    weight: 1,
    arbitrary: hostileFleetFiles.map(files => ({
      kind: 'hostile' as const,
      files,
    })),
  },
);

type Commit = typeof commit extends fc.Arbitrary<infer C> ? C : never;

function next(head: FleetFiles, start: FleetFiles, c: Commit): FleetFiles {
  if (c.kind === 'edit') return applyFleetEdits(head, c.edits);
  if (c.kind === 'revert') return { ...start };
  // Hostile files added beside the fleet (same paths replaced).
  return { ...head, ...c.files };
}

describe('FleetValidationCache, property-based', () => {
  afterEach(() => {
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  it(
    'after every commit of a random history, equals a full validation (fleet, problems, views, breakage)',
    () => {
      fc.assert(
        fc.property(
          validFleetFiles,
          fc.array(commit, { minLength: 1, maxLength: 6 }),
          (start, commits) => {
            const cache = new FleetValidationCache();
            let head = start;
            for (const c of [undefined, ...commits]) {
              if (c) head = next(head, start, c);
              const full = validateFleet(head);
              const incremental = cache.validate(head);
              expect(comparable(incremental)).toEqual(comparable(full));
              expect(definitionViews(head, cache)).toEqual(
                definitionViews(head),
              );
              expect(
                comparableBreakage(fleetBreakage(head, cache.validate(head))),
              ).toEqual(comparableBreakage(fleetBreakage(head)));
            }
          },
        ),
        fuzzParameters(40),
      );
    },
    fuzzTimeout(60_000),
  );
});
