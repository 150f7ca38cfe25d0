import { parseDocuments } from '../model/parseDocuments';
import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { FleetValidationCache } from '../validation/FleetValidationCache';
import { FleetEdit, planFleetEdit } from './planFleetEdit';

// Every parse counted: the cache's and a plan's own alike.
jest.mock('../model/parseDocuments', () => {
  const actual = jest.requireActual('../model/parseDocuments');
  return { ...actual, parseDocuments: jest.fn(actual.parseDocuments) };
});

const OPTIONS = {
  repoUrl: 'http://127.0.0.1:7080/fleet.git',
  revision: 'main',
  capiVersion: 'v1beta2' as const,
};
const files = readFleetDir(EXAMPLE_FLEET_DIR);
const cluster = (name: string, spec: string) =>
  `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  clusterSpec: ${spec}\n  profiles: [apps]\n`;

/**
 * The portal plans every write with its repository's validation cache
 * (FleetDefinitions): a plan with the cache, cold or warmed by the head and
 * by earlier plans, is the plan without it, problems and all.
 */
describe('planFleetEdit with a validation cache', () => {
  const edits: Array<[string, FleetEdit[]]> = [
    [
      'a new cluster',
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'qa-1',
          yaml: cluster('qa-1', 'docker-dev'),
        },
      ],
    ],
    [
      'a cluster naming a spec that does not exist',
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'qa-2',
          yaml: cluster('qa-2', 'nope'),
        },
      ],
    ],
    [
      'a profile added to every cluster',
      [
        {
          op: 'update',
          kind: 'Cluster',
          names: Object.keys(files)
            .filter(f => f.startsWith('arlon/clusters/'))
            .map(f => f.replace(/^arlon\/clusters\/|\.yaml$/g, '')),
          update: c => ({
            ...c,
            metadata: { ...c.metadata, labels: { tier: 'qa' } },
          }),
        },
      ],
    ],
  ];

  it.each(edits)('%s: the same plan as without the cache', (_what, edit) => {
    const without = planFleetEdit(files, edit, OPTIONS);
    const cold = planFleetEdit(
      files,
      edit,
      OPTIONS,
      new FleetValidationCache(),
    );
    const warmed = new FleetValidationCache();
    warmed.validate(files, {});
    for (const [, other] of edits) planFleetEdit(files, other, OPTIONS, warmed);
    const warm = planFleetEdit(files, edit, OPTIONS, warmed);
    expect(cold).toEqual(without);
    expect(warm).toEqual(without);
  });

  it('validates and locates definitions with the cache it is given: the files the edit leaves alone are not parsed again', () => {
    const cache = new FleetValidationCache();
    cache.validate(files, {});
    const parse = jest.spyOn(cache, 'parse');
    jest.mocked(parseDocuments).mockClear();
    planFleetEdit(
      files,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'qa-1',
          yaml: cluster('qa-1', 'docker-dev'),
        },
      ],
      OPTIONS,
      cache,
    );
    // Asked of every definition file (to find where each lives), answered
    // from memory for all but the edited one.
    expect(parse.mock.calls.map(([file]) => file)).toContain(
      'arlon/clusters/dev-local.yaml',
    );
    expect(
      jest.mocked(parseDocuments).mock.calls.map(([file]) => file),
    ).toEqual(['arlon/clusters/qa-1.yaml']);
  });
});
