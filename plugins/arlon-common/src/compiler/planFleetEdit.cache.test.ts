import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import { FleetValidationCache } from '../validation/FleetValidationCache';
import { FleetEdit, planFleetEdit } from './planFleetEdit';

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

  it('validates with the cache it is given: the files the edit leaves alone are not read again', () => {
    const cache = new FleetValidationCache();
    cache.validate(files, {});
    const parse = jest.spyOn(cache, 'parse');
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
    expect(parse.mock.calls.map(([file]) => file)).toEqual([
      'arlon/clusters/qa-1.yaml',
    ]);
  });
});
