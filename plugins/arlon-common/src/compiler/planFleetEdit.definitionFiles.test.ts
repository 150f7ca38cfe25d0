import { EXAMPLE_FLEET_DIR, readFleetDir } from '../testing/readFleetDir';
import type { Cluster } from '../model/types';
import { planFleetEdit } from './planFleetEdit';

// Where a definition lives decides which file an edit writes: a file of
// several documents, a .yml file, and look-alikes that are not definitions.

const OPTIONS = {
  repoUrl: 'http://127.0.0.1:7080/fleet.git',
  revision: 'main',
  capiVersion: 'v1beta2' as const,
};
const files = readFleetDir(EXAMPLE_FLEET_DIR);

// Block style throughout, so the yaml library writes them back unchanged.
const cluster = (
  name: string,
  profile = 'apps',
) => `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
spec:
  clusterSpec: docker-dev
  profiles:
    - ${profile}
`;
function applied(
  fleet: Record<string, string>,
  changes: Record<string, string | null>,
) {
  const next = { ...fleet };
  for (const [file, content] of Object.entries(changes))
    if (content === null) delete next[file];
    else next[file] = content;
  return next;
}
const definitionChanges = (changes: Record<string, string | null>) =>
  Object.keys(changes).filter(f => !f.startsWith('generated/'));

describe('planFleetEdit on a file of several definitions', () => {
  const FILE = 'arlon/clusters/qa-1.yaml';
  const both = `${cluster('qa-1')}---\n# the second\n${cluster('qa-2')}`;
  // With its generated tree current.
  const fleet = applied(
    { ...files, [FILE]: both },
    planFleetEdit({ ...files, [FILE]: both }, [], OPTIONS).changes,
  );

  it('is a valid fleet to start with', () => {
    expect(planFleetEdit(fleet, [], OPTIONS)).toEqual({
      problems: [],
      missing: [],
      changes: {},
    });
  });

  it('replaces the first definition, keeping the second with its marker and comment', () => {
    const plan = planFleetEdit(
      fleet,
      [
        {
          op: 'put',
          kind: 'Cluster',
          name: 'qa-1',
          yaml: cluster('qa-1', 'infrastructure'),
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    expect(definitionChanges(plan.changes)).toEqual([FILE]);
    expect(plan.changes[FILE]).toBe(
      `${cluster('qa-1', 'infrastructure')}---\n# the second\n${cluster(
        'qa-2',
      )}`,
    );
  });

  it.each([
    ['without a trailing newline', cluster('qa-2', 'infrastructure').trim()],
    ['opening with its own ---', `---\n${cluster('qa-2', 'infrastructure')}`],
  ])(
    'replaces the second definition with text %s, one --- between them',
    (_, yaml) => {
      const plan = planFleetEdit(
        fleet,
        [{ op: 'put', kind: 'Cluster', name: 'qa-2', yaml }],
        OPTIONS,
      );
      expect(plan.problems).toEqual([]);
      expect(plan.changes[FILE]).toBe(
        `${cluster('qa-1')}---\n${cluster('qa-2', 'infrastructure')}`,
      );
    },
  );

  it('removes one definition and keeps the file with the other', () => {
    const plan = planFleetEdit(
      fleet,
      [{ op: 'delete', kind: 'Cluster', name: 'qa-2' }],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.changes[FILE]).toBe(cluster('qa-1'));
    expect(plan.changes['generated/clusters/qa-2/cluster.yaml']).toBeNull();
    expect(
      plan.changes['generated/clusters/qa-1/cluster.yaml'],
    ).toBeUndefined();
  });

  it('updates one definition in place', () => {
    const plan = planFleetEdit(
      fleet,
      [
        {
          op: 'update',
          kind: 'Cluster',
          names: ['qa-1'],
          update: c => {
            const qa1 = c as Cluster;
            return {
              ...qa1,
              spec: { ...qa1.spec, profiles: ['infrastructure'] },
            };
          },
        },
      ],
      OPTIONS,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.changes[FILE]).toBe(
      `${cluster('qa-1', 'infrastructure')}---\n# the second\n${cluster(
        'qa-2',
      )}`,
    );
  });

  it('reports a definition blanked out as a problem, not a crash', () => {
    const plan = planFleetEdit(
      fleet,
      [{ op: 'put', kind: 'Cluster', name: 'qa-2', yaml: '' }],
      OPTIONS,
    );
    expect(plan.problems).toContainEqual(
      expect.objectContaining({ file: FILE }),
    );
  });
});

describe('planFleetEdit finds the file a definition is in', () => {
  const dev = files['arlon/clusters/dev-local.yaml'];
  const editedDev = dev.replace('replicaCount: 1', 'replicaCount: 3');
  const putDev = (fleet: Record<string, string>, yaml = editedDev) =>
    planFleetEdit(
      fleet,
      [{ op: 'put', kind: 'Cluster', name: 'dev-local', yaml }],
      OPTIONS,
    );

  it('edits a definition in a .yml file there, not in a new .yaml beside it', () => {
    const { 'arlon/clusters/dev-local.yaml': _, ...rest } = files;
    const plan = putDev({ ...rest, 'arlon/clusters/dev-local.yml': dev });
    expect(plan.problems).toEqual([]);
    expect(definitionChanges(plan.changes)).toEqual([
      'arlon/clusters/dev-local.yml',
    ]);
  });

  it("keeps the author's text exactly, trailing newlines and all", () => {
    for (const yaml of [editedDev.trimEnd(), `${editedDev}\n\n`]) {
      const plan = putDev(files, yaml);
      expect(plan.problems).toEqual([]);
      expect(plan.changes['arlon/clusters/dev-local.yaml']).toBe(yaml);
    }
  });

  it.each([
    ["an editor's backup beside it", 'arlon/clusters/dev-local.yaml.orig', dev],
    [
      'a copy elsewhere in the repository',
      'docs/arlon/clusters/dev-local.yaml',
      dev,
    ],
    [
      'an object whose kind is a list',
      'arlon/profiles/odd.yaml',
      'kind: [Cluster]\nmetadata:\n  name: dev-local\n',
    ],
  ])('is not misled by %s', (_, path, text) => {
    const plan = putDev({ ...files, [path]: text });
    expect(definitionChanges(plan.changes)).toEqual([
      'arlon/clusters/dev-local.yaml',
    ]);
    expect(plan.changes['arlon/clusters/dev-local.yaml']).toBe(editedDev);
  });

  it('skips a document without metadata instead of crashing', () => {
    const plan = putDev({
      ...files,
      'arlon/clusters/qa-9.yaml':
        'apiVersion: core.arlon.io/v1\nkind: Cluster\nspec: {}\n',
    });
    expect(plan.problems).toContainEqual(
      expect.objectContaining({ file: 'arlon/clusters/qa-9.yaml' }),
    );
    expect(definitionChanges(plan.changes)).toEqual([
      'arlon/clusters/dev-local.yaml',
    ]);
  });
});
