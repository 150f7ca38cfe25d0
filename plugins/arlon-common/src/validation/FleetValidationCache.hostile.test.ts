import { definitionViews } from '../model/definitionViews';
import type { FleetFiles } from '../model/Fleet';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { comparable } from '../__testUtils__/comparableValidation';
import { FleetValidationCache } from './FleetValidationCache';
import { validateFleet } from './validateFleet';

const example = readFleetDir(EXAMPLE_FLEET_DIR);

/** Files as Git gives them: every path an own property, even `__proto__`. */
function withPaths(entries: Array<[string, string]>): FleetFiles {
  const files: FleetFiles = { ...example };
  for (const [path, text] of entries)
    Object.defineProperty(files, path, {
      value: text,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return files;
}

/** Validated through a cache that has seen `before`, compared with a full validation. */
function expectSameAsFull(before: FleetFiles, files: FleetFiles) {
  const cache = new FleetValidationCache();
  cache.validate(before);
  expect(comparable(cache.validate(files))).toEqual(
    comparable(validateFleet(files)),
  );
  expect(definitionViews(files, { cache })).toEqual(definitionViews(files));
}

describe('FleetValidationCache, hostile input', () => {
  // Hostile keys (__proto__, constructor) must never reach Object.prototype.
  afterEach(() => {
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  it.each([
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'arlon/clusters/__proto__.yaml',
    'arlon/profiles/constructor.yaml',
    'arlon/../arlon/clusters/x.yaml',
    '/etc/passwd',
  ])('a file at %j is validated as a full validation does', path => {
    const files = withPaths([
      [
        path,
        'kind: Cluster\nmetadata:\n  name: polluted\n__proto__: {polluted: 1}\n',
      ],
    ]);
    expect(Object.keys(files)).toContain(path);
    expectSameAsFull(example, files);
  });

  it('a definition that changes to malformed YAML, a wrong type or a huge text, and back', () => {
    const DEV = 'arlon/clusters/dev-local.yaml';
    const cache = new FleetValidationCache();
    const versions = [
      example[DEV],
      'kind: Cluster\nmetadata: [\n',
      'kind: Cluster\nmetadata:\n  name: dev-local\nspec: 42\n',
      `${example[DEV]}${'#'.repeat(2_000_000)}\n`,
      'a: &a [*a, *a]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n',
      '',
      example[DEV],
    ];
    for (const text of versions) {
      const files = { ...example, [DEV]: text };
      expect(comparable(cache.validate(files))).toEqual(
        comparable(validateFleet(files)),
      );
    }
    expect(cache.validate({ ...example }).problems).toEqual([]);
  });

  it('an anchor that holds an alias of itself is a problem of its file, not a stack overflow', () => {
    const DEV = 'arlon/clusters/dev-local.yaml';
    const files = {
      ...example,
      [DEV]: 'kind: Cluster\nmetadata: &m\n  name: dev-local\n  self: *m\n',
    };
    const { fleet, problems } = new FleetValidationCache().validate(files);
    expect(fleet.clusters.has('dev-local')).toBe(false);
    expect(problems).toEqual([
      {
        file: DEV,
        line: 1,
        column: 1,
        field: '',
        message:
          'a YAML anchor (&) holds an alias (*) of itself, so its data never ends',
        hint: 'Remove the alias inside its own anchor; Kubernetes refuses such YAML too ("anchor value contains itself").',
      },
    ]);
  });

  it('a path whose text stays the same while the same text moves between paths', () => {
    const text = example['arlon/profiles/apps.yaml'];
    const twice = withPaths([['arlon/profiles/apps-copy.yaml', text]]);
    expectSameAsFull(example, twice);
    const { problems } = new FleetValidationCache().validate(twice);
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/profiles/apps-copy.yaml',
        field: 'metadata.name',
      }),
    ]);
  });
});
