import type { FleetFiles } from '../../model/Fleet';
import { validateFleet } from '../validateFleet';

/**
 * The generated Application names, through the whole validation: each case
 * checks what the user reads (file, field, message, hint), and that what is
 * fine stays fine.
 */

const bundle = (name: string) => `apiVersion: core.arlon.io/v1
kind: Bundle
metadata:
  name: ${name}
spec:
  source:
    git:
      repoUrl: https://git.example.com/${name}.git
      path: chart
      revision: main
      type: helm
`;
const profile = (name: string, bundles: string) => `apiVersion: core.arlon.io/v1
kind: Profile
metadata:
  name: ${name}
spec:
  bundles: ${bundles}
`;
const SPEC = `apiVersion: core.arlon.io/v1
kind: ClusterSpec
metadata:
  name: small
spec:
  provider: aws
  type: kubeadm
  kubernetesVersion: v1.29.4
  region: us-east-1
  sshKeyName: ops
  nodePools:
    - name: workers
      machineType: t3.large
      replicas: 2
`;
/** A cluster built from "small", or external when `external` is set. */
const cluster = (name: string, profiles: string, external = false) =>
  `apiVersion: core.arlon.io/v1
kind: Cluster
metadata:
  name: ${name}
spec:
${
  external
    ? '  external:\n    server: https://1.2.3.4:6443\n'
    : '  clusterSpec: small\n'
}  profiles: ${profiles}
`;

const files = (...entries: Array<[string, string]>): FleetFiles => ({
  'arlon/clusterspecs/small.yaml': SPEC,
  ...Object.fromEntries(entries),
});
const bundleFile = (name: string): [string, string] => [
  `arlon/bundles/${name}.yaml`,
  bundle(name),
];
const profileFile = (name: string, bundles: string): [string, string] => [
  `arlon/profiles/${name}.yaml`,
  profile(name, bundles),
];
const clusterFile = (
  name: string,
  profiles: string,
  external = false,
): [string, string] => [
  `arlon/clusters/${name}.yaml`,
  cluster(name, profiles, external),
];

function problemsOf(fleetFiles: FleetFiles) {
  return validateFleet(fleetFiles).problems.map(p => ({
    file: p.file,
    field: p.field,
    message: p.message,
    hint: p.hint,
  }));
}

describe('validateFleet: generated Application names', () => {
  it('gives an external cluster no root Application, so its name may equal a built cluster-bundle pair', () => {
    expect(
      problemsOf(
        files(
          bundleFile('web'),
          profileFile('base', '[web]'),
          clusterFile('c1', '[base]'),
          clusterFile('c1-web', '[]', true),
        ),
      ),
    ).toEqual([]);
  });

  it('accepts an Application name of exactly 63 characters', () => {
    const name = 'c'.repeat(59); // c…c-web: 63
    expect(
      problemsOf(
        files(
          bundleFile('web'),
          profileFile('base', '[web]'),
          clusterFile(name, '[base]'),
        ),
      ),
    ).toEqual([]);
  });

  it('refuses an Application name of 64 characters, saying which cluster, bundle and profile, and what to do', () => {
    const name = 'c'.repeat(60);
    expect(
      problemsOf(
        files(
          bundleFile('web'),
          profileFile('base', '[web]'),
          clusterFile(name, '[base]'),
        ),
      ),
    ).toEqual([
      {
        file: `arlon/clusters/${name}.yaml`,
        field: 'spec.profiles[0]',
        message: `the Application "${name}-web" (cluster "${name}", bundle "web" of profile "base") is 64 characters; ArgoCD needs at most 63`,
        hint: 'Shorten the cluster or the bundle name.',
      },
    ]);
  });

  it('does not measure Applications for a profile that does not exist', () => {
    const name = 'c'.repeat(60);
    expect(problemsOf(files(clusterFile(name, '[nope]', true)))).toEqual([
      {
        file: `arlon/clusters/${name}.yaml`,
        field: 'spec.profiles[0]',
        message: 'profile "nope" does not exist',
        hint: 'Create the profile in arlon/profiles/, or check the name.',
      },
    ]);
  });

  it('generates no Application for an empty bundle entry (the profile reports it)', () => {
    const name = 'c'.repeat(63); // "<name>-" would be 64 characters
    expect(
      problemsOf(
        files(profileFile('p', '[""]'), clusterFile(name, '[p]', true)),
      ),
    ).toEqual([
      {
        file: 'arlon/profiles/p.yaml',
        field: 'spec.bundles[0]',
        message: 'bundle entry 1 is empty',
        hint: 'Remove the empty entry (look for a stray comma or dash).',
      },
    ]);
  });

  it("refuses a bundle Application that would take the bootstrap Application's name", () => {
    expect(
      problemsOf(
        files(
          bundleFile('fleet'),
          profileFile('base', '[fleet]'),
          clusterFile('arlon', '[base]'),
        ),
      ),
    ).toEqual([
      {
        file: 'arlon/clusters/arlon.yaml',
        field: 'spec.profiles[0]',
        message:
          'the Application of bundle "fleet" (profile "base") on cluster "arlon" would be named "arlon-fleet", the fleet\'s bootstrap Application',
        hint: 'Rename the cluster or the bundle.',
      },
    ]);
  });

  it('names every other claimant when three would be the same Application', () => {
    const problems = problemsOf(
      files(
        bundleFile('c'),
        bundleFile('b-c'),
        profileFile('pc', '[c]'),
        profileFile('pbc', '[b-c]'),
        clusterFile('a-b-c', '[]'),
        clusterFile('a-b', '[pc]'),
        clusterFile('a', '[pbc]'),
      ),
    );
    const hint =
      'Rename one of the clusters or bundles: generated Application names must be unique.';
    const root = 'the root Application of cluster "a-b-c"';
    const ofAB =
      'the Application of bundle "c" (profile "pc") on cluster "a-b"';
    const ofA =
      'the Application of bundle "b-c" (profile "pbc") on cluster "a"';
    const app = 'would both be the ArgoCD Application "a-b-c"';
    expect(problems).toEqual([
      {
        file: 'arlon/clusters/a-b-c.yaml',
        field: 'metadata.name',
        message: `${root} and ${ofAB} and ${ofA} ${app}`,
        hint,
      },
      {
        file: 'arlon/clusters/a-b.yaml',
        field: 'spec.profiles[0]',
        message: `${ofAB} and ${root} and ${ofA} ${app}`,
        hint,
      },
      {
        file: 'arlon/clusters/a.yaml',
        field: 'spec.profiles[0]',
        message: `${ofA} and ${root} and ${ofAB} ${app}`,
        hint,
      },
    ]);
  });
});
