import { definitionViews } from '../model/definitionViews';
import type { LibraryCatalog } from '../library/library';
import { readLibrary } from '../library/readLibrary';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { comparable } from '../__testUtils__/comparableValidation';
import { FleetValidationCache } from './FleetValidationCache';
import { validateFleet } from './validateFleet';

const example = readFleetDir(EXAMPLE_FLEET_DIR);
const APPS = 'arlon/profiles/apps.yaml';
const DEV = 'arlon/clusters/dev-local.yaml';

describe('FleetValidationCache', () => {
  it('validates as validateFleet does', () => {
    const cache = new FleetValidationCache();
    expect(comparable(cache.validate(example))).toEqual(
      comparable(validateFleet(example)),
    );
  });

  it('answers the same files object from memory, and new files anew', () => {
    const cache = new FleetValidationCache();
    const first = cache.validate(example);
    expect(cache.validate(example)).toBe(first);
    const copy = { ...example };
    const second = cache.validate(copy);
    expect(second).not.toBe(first);
    expect(second.fleet.files).toBe(copy);
  });

  it('reads an unchanged file once: its definition is the one read before', () => {
    const cache = new FleetValidationCache();
    const before = cache.validate(example).fleet;
    const next = {
      ...example,
      [APPS]: example[APPS].replace('replicaCount: 2', 'replicaCount: 3'),
    };
    const after = cache.validate(next).fleet;
    expect(after.clusters.get('dev-local')).toBe(
      before.clusters.get('dev-local'),
    );
    // The changed file is read again, and says what it says now.
    expect(after.profiles.get('apps')).not.toBe(before.profiles.get('apps'));
    expect(after.profiles.get('apps')?.object.spec.values).toEqual({
      guestbook: { replicaCount: 3 },
    });
  });

  it('breaking a profile drops it from the valid fleet with its problem, like a full validation', () => {
    const cache = new FleetValidationCache();
    cache.validate(example);
    const broken = { ...example, [APPS]: `${example[APPS]}\n  bundles: [x]` };
    const { fleet, problems } = cache.validate(broken);
    expect(fleet.profiles.has('apps')).toBe(false);
    expect(problems.map(p => p.file)).toContain(APPS);
    expect(comparable(cache.validate(broken))).toEqual(
      comparable(validateFleet(broken)),
    );
    // Fixed again: the same text as before validates as before.
    expect(cache.validate({ ...example }).problems).toEqual([]);
  });

  it('forgets a deleted file: deleting and restoring a definition follows Git', () => {
    const cache = new FleetValidationCache();
    cache.validate(example);
    const { [DEV]: _, ...without } = example;
    expect(cache.validate(without).fleet.clusters.has('dev-local')).toBe(false);
    const restored = cache.validate({ ...example }).fleet;
    expect(restored.clusters.get('dev-local')?.source.file).toBe(DEV);
  });

  it('a file renamed with the same text is read under its new path (problems name the new file)', () => {
    const cache = new FleetValidationCache();
    cache.validate(example);
    const { [DEV]: text, ...rest } = example;
    const moved = { ...rest, 'arlon/clusters/dev-other.yaml': text };
    const { problems } = cache.validate(moved);
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'arlon/clusters/dev-other.yaml',
        field: 'metadata.name',
        message:
          'the Cluster is named "dev-local", but its file is dev-other.yaml',
      }),
    ]);
  });

  it('shares its parses with definitionViews, whose views equal the uncached ones', () => {
    const cache = new FleetValidationCache();
    const next = { ...example, [DEV]: example[DEV].replace('env: dev', 'x') };
    expect(definitionViews(example, { cache })).toEqual(
      definitionViews(example),
    );
    expect(definitionViews(next, { cache })).toEqual(definitionViews(next));
    expect(cache.parse(DEV, next[DEV])).toBe(cache.parse(DEV, next[DEV]));
  });

  describe('under a context (libraries, management clusters)', () => {
    const platform = readLibrary(
      {
        name: 'platform',
        url: 'https://git.example.com/platform.git',
        commit: 'a'.repeat(40),
      },
      {
        'arlon/bundles/cert-manager.yaml': `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: cert-manager
spec:
  source:
    inline: {}
`,
        'bundles/cert-manager/manifests.yaml': 'kind: Namespace\n',
      },
    ).library;
    const withLibrary = {
      ...example,
      [APPS]: example[APPS].replace(
        'bundles: guestbook',
        'bundles: [guestbook, platform/cert-manager]',
      ),
    };
    // Not built yet (no root Application in the generated tree), so free to be placed anywhere.
    const { ['generated/argocd/clusters/dev-local.yaml']: _built, ...unbuilt } =
      example;
    const placed = {
      ...unbuilt,
      [DEV]: example[DEV].replace(
        'clusterSpec: docker-dev',
        'clusterSpec: docker-dev\n  managementCluster: mc-east',
      ),
    };
    const messages = (v: { problems: Array<{ message: string }> }) =>
      v.problems.map(p => p.message);

    it('the same files under other libraries give the other answer, never the remembered one', () => {
      const cache = new FleetValidationCache();
      const none = cache.validate(withLibrary, {});
      expect(messages(none)).toEqual([expect.stringContaining('"platform"')]);
      const read: LibraryCatalog = new Map([['platform', platform]]);
      const found = cache.validate(withLibrary, { libraries: read });
      expect(found).not.toBe(none);
      expect(found.problems).toEqual([]);
      expect(found.fleet.libraries).toBe(read);
      // Unreachable since: the same files, a warning instead.
      const unreachable = cache.validate(withLibrary, {
        libraries: new Map([
          ['platform', { ...platform, unreachable: 'timed out' }],
        ]),
      });
      expect(unreachable.problems).toEqual([]);
      expect(unreachable.warnings).toHaveLength(1);
      // Read at another commit without the bundle: a problem again.
      const moved = cache.validate(withLibrary, {
        libraries: new Map([
          [
            'platform',
            { ...platform, commit: 'b'.repeat(40), bundles: new Map() },
          ],
        ]),
      });
      expect(messages(moved)).toEqual([
        expect.stringContaining('cert-manager'),
      ]);
      // Each equal to a full validation under the same context.
      for (const libraries of [undefined, read])
        expect(
          comparable(validateFleet(withLibrary, { libraries, cache })),
        ).toEqual(comparable(validateFleet(withLibrary, { libraries })));
    });

    it('answers from memory under an equal context: a new catalog Map of the same libraries', () => {
      const cache = new FleetValidationCache();
      const first = cache.validate(withLibrary, {
        libraries: new Map([['platform', platform]]),
      });
      expect(
        cache.validate(withLibrary, {
          libraries: new Map([['platform', platform]]),
        }),
      ).toBe(first);
    });

    it('the same files under other management clusters give the other answer', () => {
      const cache = new FleetValidationCache();
      const east = { names: ['mc-default', 'mc-east'], default: 'mc-default' };
      const west = { names: ['mc-default', 'mc-west'], default: 'mc-default' };
      expect(
        cache.validate(placed, { managementClusters: east }).problems,
      ).toEqual([]);
      expect(
        messages(cache.validate(placed, { managementClusters: west })),
      ).toEqual([expect.stringContaining('"mc-east" is not configured')]);
      // Same names, another default: "mc-east" is now the default one's name.
      expect(
        messages(
          cache.validate(placed, {
            managementClusters: { names: east.names, default: 'mc-east' },
          }),
        ),
      ).toEqual([expect.stringContaining('is the default management cluster')]);
      expect(
        cache.validate(placed, { managementClusters: { ...east } }).problems,
      ).toEqual([]);
      // No configuration (the CLI): unchecked.
      expect(cache.validate(placed).problems).toEqual([]);
    });
  });
});
