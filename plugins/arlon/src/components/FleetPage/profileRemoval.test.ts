import { removalImpact, removalOutcome } from './profileRemoval';

const profilesOf = (cluster: string) =>
  ({ a: ['apps', 'infra'], b: ['infra'], c: ['apps'] }[cluster] ?? []);
const bundlesOf = (profile: string) =>
  ((
    { apps: ['guestbook', 'cache'], infra: ['ingress'] } as Record<
      string,
      string[]
    >
  )[profile]);

describe('removalImpact', () => {
  it('names, per changed cluster, the removed profiles it has and the Applications pruned with them', () => {
    expect(removalImpact(['a', 'c'], ['apps'], profilesOf, bundlesOf)).toEqual([
      {
        cluster: 'a',
        profiles: ['apps'],
        applications: ['a-cache', 'a-guestbook'],
        unknownBundles: [],
      },
      {
        cluster: 'c',
        profiles: ['apps'],
        applications: ['c-cache', 'c-guestbook'],
        unknownBundles: [],
      },
    ]);
  });

  it('leaves out profiles a cluster does not run, and names a bundle shared by two removed profiles once', () => {
    const shared = (p: string) => (p === 'x' || p === 'y' ? ['web'] : []);
    expect(
      removalImpact(['a'], ['x', 'y', 'z'], () => ['x', 'y'], shared),
    ).toEqual([
      {
        cluster: 'a',
        profiles: ['x', 'y'],
        applications: ['a-web'],
        unknownBundles: [],
      },
    ]);
  });

  it('says which removed profiles have bundles it cannot read instead of inventing Applications', () => {
    expect(
      removalImpact(['b'], ['infra'], profilesOf, () => undefined),
    ).toEqual([
      {
        cluster: 'b',
        profiles: ['infra'],
        applications: [],
        unknownBundles: ['infra'],
      },
    ]);
  });
});

describe('removalOutcome', () => {
  it('names the commit, shortened', () => {
    expect(
      removalOutcome(['apps'], ['a', 'b'], {
        clusters: ['a'],
        files: [{ path: 'arlon/clusters/a.yaml', action: 'update' }],
        commit: '0123456789abcdef',
      }).text,
    ).toBe('Removed apps from a in commit 0123456789ab.');
  });

  it('links the pull request when the repository takes changes that way', () => {
    expect(
      removalOutcome(['apps'], ['a'], {
        clusters: ['a'],
        files: [],
        pullRequest: { url: 'https://git.example/pr/7' },
      }),
    ).toEqual({
      text: 'Proposed removing apps from a in a pull request; it applies once merged.',
      link: 'https://git.example/pr/7',
    });
  });

  it('says nothing changed, naming the clusters asked about', () => {
    expect(
      removalOutcome(['apps'], ['b'], { clusters: [], files: [] }).text,
    ).toBe('Nothing to change: b did not run apps.');
  });
});
