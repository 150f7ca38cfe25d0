import { EXAMPLE_FLEET_DIR, readFleetDir } from '../../testing/readFleetDir';
import { compileFleet } from '../../compiler/compileFleet';
import { validateFleet } from '../validateFleet';

/**
 * `spec.managementCluster` is a file in Git, written by any committer: it
 * becomes a folder of the generated tree, so whatever is not a management
 * cluster name (a DNS label) is a problem at its line, and nothing is
 * compiled for it.
 */

const example = readFleetDir(EXAMPLE_FLEET_DIR);
const FILE = 'arlon/clusters/c1.yaml';
const withField = (value: string) => ({
  ...example,
  [FILE]: `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: c1
spec:
  clusterSpec: docker-dev
  managementCluster: ${value}
`,
});
const KNOWN = {
  managementClusters: { names: ['mc-east', 'mc-west'], default: 'mc-east' },
};

function refused(value: string, context = {}) {
  const { fleet, problems } = validateFleet(withField(value), context);
  const mine = problems.filter(p => p.file === FILE);
  expect(mine).toEqual([
    expect.objectContaining({ field: 'spec.managementCluster', line: 7 }),
  ]);
  // Nothing of it reaches the compiler, so no folder is made of it.
  expect(fleet.clusters.has('c1')).toBe(false);
  const generated = compileFleet(fleet, {
    repoUrl: 'https://git.example.com/fleet.git',
    revision: 'main',
  });
  expect(
    Object.keys(generated).filter(f =>
      f.startsWith('generated/management-clusters/'),
    ),
  ).toEqual([]);
  return mine[0];
}

describe('hostile spec.managementCluster', () => {
  it.each([
    ['a number', '42'],
    ['a list', '[mc-west]'],
    ['a map', '{ name: mc-west }'],
    ['null', 'null'],
    ['a boolean', 'true'],
  ])('refuses %s: it must be a name', (_what, value) => {
    expect(refused(value).message).toMatch(/expected string|must be/);
  });

  it.each([
    ['an empty string', '""'],
    ['a path traversal', '../../etc'],
    ['a nested path', 'mc-west/argocd'],
    ['an absolute path', '/tmp/x'],
    ['__proto__', '__proto__'],
    ['upper case', 'MC-West'],
    ['a trailing dash', 'mc-west-'],
    ['a newline', '"mc-west\\nkind: Secret"'],
    ['a look-alike letter', 'mc-w\u0435st'],
    ['64 characters', 'a'.repeat(64)],
    ['a huge name', 'a'.repeat(100_000)],
  ])(
    'refuses %s with what a name may be, without configuration too',
    (_what, value) => {
      expect(refused(value).message).toMatch(
        /lower-case letters, digits and '-'|at most 63 characters/,
      );
    },
  );

  it.each(['constructor', 'valueof', 'hasownproperty'])(
    'refuses %s as an unknown management cluster, never an inherited property',
    name => {
      // A DNS label that is also a property of objects: looked up among the
      // configured names, never as a key of some object.
      const { problems } = validateFleet(withField(name), {
        managementClusters: { names: ['mc-east'], default: 'mc-east' },
      });
      expect(problems.map(p => p.message)).toEqual([
        `management cluster "${name}" is not configured (arlon.managementClusters: "mc-east")`,
      ]);
    },
  );

  it('refuses an unknown name at the field, listing the configured ones (but no more than they are)', () => {
    expect(refused('mc-nowhere', KNOWN).message).toBe(
      'management cluster "mc-nowhere" is not configured (arlon.managementClusters: "mc-east", "mc-west")',
    );
  });

  it('does not take a name that only differs in case for a configured one', () => {
    expect(refused('Mc-West', KNOWN).message).toMatch(/lower-case/);
  });
});
