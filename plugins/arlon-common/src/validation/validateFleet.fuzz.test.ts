import fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import type { FleetFiles } from '../model/Fleet';
import { validFleetFiles } from '../__testUtils__/arbitraries';
import {
  anyFleetFiles,
  hostileFleetFiles,
  nearlyValidFleetFiles,
} from '../__testUtils__/hostile';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { validateFleet } from './validateFleet';

/**
 * What every problem must say: which file, where in it, and what is wrong.
 * Returns the problems that do not, described, so a failure shows them.
 */
function unlocated(
  files: FleetFiles,
  problems: ReturnType<typeof validateFleet>['problems'],
): string[] {
  return problems.flatMap(p => {
    const wrong: string[] = [];
    if (!Object.hasOwn(files, p.file)) wrong.push('names no file it was given');
    else {
      const lines = files[p.file].split(/\r\n|\r|\n/).length;
      if (!Number.isInteger(p.line) || p.line < 1 || p.line > lines + 1)
        wrong.push(`line ${p.line} is not in the file (${lines} lines)`);
    }
    if (!Number.isInteger(p.column) || p.column < 1)
      wrong.push(`column ${p.column}`);
    if (typeof p.field !== 'string') wrong.push('field is not a string');
    if (typeof p.message !== 'string' || !p.message.trim())
      wrong.push('no message');
    // A message made from a value that was not what the code expected.
    else if (/\[object Object\]|\bundefined\b|\bNaN\b/.test(p.message))
      wrong.push('message shows a value the code did not expect');
    return wrong.map(w => `${JSON.stringify(p)}: ${w}`);
  });
}

describe('validateFleet, property-based', () => {
  // Hostile keys (__proto__, constructor) must never reach Object.prototype.
  afterEach(() => {
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  it(
    'accepts every generated valid fleet without a problem',
    () => {
      fc.assert(
        fc.property(validFleetFiles, files => {
          expect(validateFleet(files).problems).toEqual([]);
        }),
        fuzzParameters(30),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'never throws on nearly valid or hostile files, and locates every problem at a file, line and field',
    () => {
      fc.assert(
        fc.property(anyFleetFiles, files => {
          const { problems } = validateFleet(files);
          expect(unlocated(files, problems)).toEqual([]);
        }),
        fuzzParameters(60),
      );
    },
    fuzzTimeout(60_000),
  );

  it(
    'finds at least one problem in every repository of nonsense it is given under arlon/',
    () => {
      fc.assert(
        fc.property(hostileFleetFiles, files => {
          // A file of no document at all (empty, comments, `---`) defines nothing.
          const yamlUnderArlon = Object.entries(files).some(
            ([f, text]) =>
              /^arlon\/.*\.ya?ml$/.test(f) &&
              parseAllDocuments(text).some(d => d.contents !== null),
          );
          const { fleet, problems } = validateFleet(files);
          const accepted =
            fleet.bundles.size +
            fleet.profiles.size +
            fleet.clusterSpecs.size +
            fleet.clusters.size;
          // Nonsense is either reported or (rarely) happens to be a valid definition.
          const silentlyIgnored =
            yamlUnderArlon && accepted === 0 && problems.length === 0;
          expect(silentlyIgnored).toBe(false);
        }),
        fuzzParameters(60),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'answers the same for the same files, whatever order they are listed in',
    () => {
      fc.assert(
        fc.property(
          nearlyValidFleetFiles,
          fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
          (files, order) => {
            const keys = Object.keys(files);
            const shuffled = Object.fromEntries(
              keys
                .map((k, i) => ({ k, r: order[i % order.length] * 100 + i }))
                .sort((a, b) => a.r - b.r)
                .map(({ k }) => [k, files[k]]),
            );
            expect(validateFleet(shuffled).problems).toEqual(
              validateFleet(files).problems,
            );
          },
        ),
        fuzzParameters(20),
      );
    },
    fuzzTimeout(30_000),
  );
});
