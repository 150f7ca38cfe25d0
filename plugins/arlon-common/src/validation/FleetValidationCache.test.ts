import { definitionViews } from '../model/definitionViews';
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
    expect(definitionViews(example, cache)).toEqual(definitionViews(example));
    expect(definitionViews(next, cache)).toEqual(definitionViews(next));
    expect(cache.parse(DEV, next[DEV])).toBe(cache.parse(DEV, next[DEV]));
  });
});
