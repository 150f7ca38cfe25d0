import fc from 'fast-check';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { reordered, validFleetFiles } from '../__testUtils__/arbitraries';
import { anyFleetFiles } from '../__testUtils__/hostile';
import { fuzzParameters, fuzzTimeout } from '../__testUtils__/fuzz';
import { CAPI_VERSIONS } from '../providers/capi/version';
import { validateFleet } from '../validation/validateFleet';
import { CompileOptions, compileFleet, GENERATED_ROOT } from './compileFleet';

const options: fc.Arbitrary<CompileOptions> = fc.record({
  repoUrl: fc.constantFrom(
    'https://git.example.com/fleet.git',
    'ssh://git@git.example.com/fleet.git',
  ),
  revision: fc.constantFrom('main', 'release/1.x'),
  argocdNamespace: fc.option(fc.constantFrom('argocd', 'gitops'), {
    nil: undefined,
  }),
  capiVersion: fc.option(fc.constantFrom(...CAPI_VERSIONS), { nil: undefined }),
});

/** Mapping keys in another order, recursively: the same definition as a person may write it. */
function shuffleKeys(value: unknown, flip: boolean): unknown {
  if (Array.isArray(value)) return value.map(v => shuffleKeys(v, flip));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([k, v]) => [k, shuffleKeys(v, flip)] as const,
    );
    return Object.fromEntries(flip ? entries.reverse() : entries);
  }
  return value;
}

const compile = (files: Record<string, string>, o: CompileOptions) =>
  compileFleet(validateFleet(files).fleet, o);

describe('compileFleet, property-based', () => {
  it(
    'compiles a valid fleet to the same bytes every time, whatever order its files are listed in',
    () => {
      fc.assert(
        fc.property(
          validFleetFiles,
          options,
          fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
          (files, o, order) => {
            const first = compile(files, o);
            expect(compile(files, o)).toEqual(first);
            const again = compile(reordered(files, order), o);
            // Same files, same contents, and the same listing order (a writer walks it).
            expect(Object.keys(again)).toEqual(Object.keys(first));
            expect(again).toEqual(first);
          },
        ),
        fuzzParameters(10),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'compiles the same for a definition whose mapping keys are written in another order',
    () => {
      fc.assert(
        fc.property(validFleetFiles, options, (files, o) => {
          const flipped = Object.fromEntries(
            Object.entries(files).map(([f, text]) => [
              f,
              f.startsWith('arlon/')
                ? stringify(shuffleKeys(parse(text), true))
                : text,
            ]),
          );
          expect(compile(flipped, o)).toEqual(compile(files, o));
        }),
        fuzzParameters(10),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'writes only parseable YAML under generated/, and recompiling a checkout that holds it changes nothing',
    () => {
      fc.assert(
        fc.property(validFleetFiles, options, (files, o) => {
          const generated = compile(files, o);
          for (const [path, text] of Object.entries(generated)) {
            expect(path.startsWith(`${GENERATED_ROOT}/`)).toBe(true);
            expect(path).not.toMatch(/\.\.|\/\/|\\/);
            for (const doc of parseAllDocuments(text))
              expect(doc.errors).toEqual([]);
          }
          const checkout = { ...files, ...generated };
          expect(validateFleet(checkout).problems).toEqual([]);
          expect(compile(checkout, o)).toEqual(generated);
        }),
        fuzzParameters(10),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'never throws on what validation keeps of a nearly valid or hostile repository',
    () => {
      fc.assert(
        fc.property(anyFleetFiles, options, (files, o) => {
          const generated = compile(files, o);
          expect(Object.keys(generated).length).toBeGreaterThan(0);
        }),
        fuzzParameters(30),
      );
    },
    fuzzTimeout(60_000),
  );
});
