import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { bootstrapTree } from '../compiler/placement';
import type { Library, LibraryCatalog } from '../library/library';
import { readLibrary } from '../library/readLibrary';
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
import { type FleetValidationContext, validateFleet } from './validateFleet';
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
              expect(definitionViews(head, { cache })).toEqual(
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

// The same property with library references, placed clusters and generated
// trees in other management clusters' folders, under contexts that change
// between commits: the cache must never answer under another context.

const PLATFORM = readLibrary(
  {
    name: 'platform',
    url: 'https://git.example.com/platform.git',
    commit: 'a'.repeat(40),
  },
  {
    'arlon/bundles/cert-manager.yaml': stringify({
      apiVersion: 'core.arlon.io/v1',
      kind: 'Bundle',
      metadata: { name: 'cert-manager' },
      spec: { source: { inline: {} } },
    }),
    'bundles/cert-manager/manifests.yaml': 'kind: Namespace\n',
  },
).library;
const catalog = (...libraries: Library[]): LibraryCatalog =>
  new Map(libraries.map(l => [l.name, l]));
const MANAGEMENT = ['mc-default', 'mc-east', 'mc-west'];

/** Contexts a fleet is validated under: libraries read, unreachable, never read, none; placement known or not. */
const CONTEXTS: FleetValidationContext[] = [
  {},
  { libraries: catalog(PLATFORM) },
  { libraries: catalog({ ...PLATFORM, unreachable: 'timed out' }) },
  {
    libraries: catalog({
      ...PLATFORM,
      commit: undefined,
      bundles: new Map(),
      unreachable: 'never read',
    }),
  },
  { managementClusters: { names: MANAGEMENT, default: 'mc-default' } },
  {
    libraries: catalog(PLATFORM),
    managementClusters: {
      names: ['mc-default', 'mc-east'],
      default: 'mc-default',
    },
  },
  {
    libraries: catalog(PLATFORM),
    managementClusters: { names: ['mc-east', 'mc-west'], default: 'mc-east' },
  },
];

const LIBRARY_REFS = [
  'platform/cert-manager',
  'platform/missing',
  'ghost/cert-manager',
  'platform/cert-manager',
];

/** Edits of one definition's YAML (as parsed data); text that does not parse is left as it is. */
function editDefinition(
  files: FleetFiles,
  folder: string,
  pick: number,
  edit: (object: any) => void,
): FleetFiles {
  const candidates = Object.keys(files).filter(f => f.startsWith(folder));
  if (!candidates.length) return files;
  const file = candidates[pick % candidates.length];
  let object: any;
  try {
    object = parse(files[file], { logLevel: 'silent' });
  } catch {
    return files;
  }
  if (!object?.spec || typeof object.spec !== 'object') return files;
  edit(object);
  return { ...files, [file]: stringify(object) };
}

const placedCommit = fc.oneof(
  fc.record({
    kind: fc.constant('library-ref' as const),
    pick: fc.nat(),
    ref: fc.nat(LIBRARY_REFS.length - 1),
  }),
  fc.record({
    kind: fc.constant('place' as const),
    pick: fc.nat(),
    // The last one: back to the default (no spec.managementCluster).
    at: fc.nat(MANAGEMENT.length + 1),
  }),
  fc.record({
    kind: fc.constant('tree' as const),
    pick: fc.nat(),
    // Where the generated tree builds the cluster today (the last one: the default tree).
    at: fc.nat(MANAGEMENT.length),
  }),
  fc.record({
    kind: fc.constant('context' as const),
    context: fc.nat(CONTEXTS.length - 1),
  }),
  commit,
);

type PlacedCommit = typeof placedCommit extends fc.Arbitrary<infer C>
  ? C
  : never;

function clusterNames(files: FleetFiles) {
  return Object.keys(files)
    .filter(f => /^arlon\/clusters\/[^/]+\.yaml$/.test(f))
    .map(f => f.slice('arlon/clusters/'.length, -'.yaml'.length));
}

function nextPlaced(
  head: FleetFiles,
  start: FleetFiles,
  c: PlacedCommit,
): FleetFiles {
  switch (c.kind) {
    case 'library-ref':
      return editDefinition(head, 'arlon/profiles/', c.pick, object => {
        object.spec.bundles = [
          ...(Array.isArray(object.spec.bundles) ? object.spec.bundles : []),
          LIBRARY_REFS[c.ref],
        ];
      });
    case 'place':
      return editDefinition(head, 'arlon/clusters/', c.pick, object => {
        if (c.at >= MANAGEMENT.length) delete object.spec.managementCluster;
        else object.spec.managementCluster = MANAGEMENT[c.at];
      });
    case 'tree': {
      const names = clusterNames(head);
      if (!names.length) return head;
      const name = names[c.pick % names.length];
      const tree = bootstrapTree(MANAGEMENT[c.at]);
      return {
        ...head,
        [`${tree.argocdDir}/clusters/${name}.yaml`]: 'kind: Application\n',
      };
    }
    case 'context':
      return head;
    default:
      return next(head, start, c);
  }
}

describe('FleetValidationCache, property-based, with libraries and placement', () => {
  afterEach(() => {
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  it(
    'after every commit or change of context, equals a full validation under that context',
    () => {
      fc.assert(
        fc.property(
          validFleetFiles,
          fc.nat(CONTEXTS.length - 1),
          fc.array(placedCommit, { minLength: 1, maxLength: 8 }),
          (start, first, commits) => {
            const cache = new FleetValidationCache();
            let head = start;
            let context = CONTEXTS[first];
            for (const c of [undefined, ...commits]) {
              if (c?.kind === 'context') {
                // Equal contexts built anew (a catalog is a new Map per read).
                const chosen = CONTEXTS[c.context];
                context = {
                  ...chosen,
                  ...(chosen.libraries
                    ? { libraries: new Map(chosen.libraries) }
                    : {}),
                };
              } else if (c) head = nextPlaced(head, start, c);
              const full = validateFleet(head, context);
              const incremental = validateFleet(head, { ...context, cache });
              expect(comparable(incremental)).toEqual(comparable(full));
              // The very Library objects of the context (from memory, the
              // catalog Map may be an equal one read before).
              expect([...(incremental.fleet.libraries ?? [])]).toEqual([
                ...(context.libraries ?? []),
              ]);
              expect(definitionViews(head, { ...context, cache })).toEqual(
                definitionViews(head, context),
              );
              expect(
                comparableBreakage(
                  fleetBreakage(head, cache.validate(head, context)),
                ),
              ).toEqual(comparableBreakage(fleetBreakage(head, full)));
            }
          },
        ),
        fuzzParameters(40),
      );
    },
    fuzzTimeout(90_000),
  );
});
