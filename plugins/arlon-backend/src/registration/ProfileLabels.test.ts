import { ProfileLabels } from './ProfileLabels';

/** The definitions a cluster needs to be valid: its spec, a profile and its bundle. */
const BASE = {
  'arlon/clusterspecs/docker-dev.yaml':
    'apiVersion: core.arlon.io/v1\nkind: ClusterSpec\nmetadata:\n  name: docker-dev\nspec:\n  provider: docker\n  type: kubeadm\n  kubernetesVersion: v1.30.0\n  controlPlane: { replicas: 1 }\n  nodePools:\n    - { name: md-0, machineType: kindest/node:v1.30.0, replicas: 1 }\n',
  'arlon/bundles/rbac.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Bundle\nmetadata:\n  name: rbac\nspec:\n  source:\n    inline: {}\n',
  'bundles/rbac/role.yaml': 'kind: ClusterRole\n',
  'arlon/profiles/apps.yaml':
    'apiVersion: core.arlon.io/v1\nkind: Profile\nmetadata:\n  name: apps\nspec:\n  bundles: [rbac]\n',
};
const cluster = (name: string, profiles: string[]) => ({
  [`arlon/clusters/${name}.yaml`]: `apiVersion: core.arlon.io/v1\nkind: Cluster\nmetadata:\n  name: ${name}\nspec:\n  clusterSpec: docker-dev\n  profiles: [${profiles.join(
    ', ',
  )}]\n`,
});

/** A fleet repository's read side whose content a test changes, counting reads. */
function repository(files: Record<string, string>) {
  const repo = {
    files,
    reads: 0,
    fail: false,
    async read() {
      repo.reads++;
      await new Promise(r => setTimeout(r, 20));
      if (repo.fail) throw new Error('Git is down');
      return { commit: `c${repo.reads}`, files: { ...repo.files } };
    },
  };
  return repo;
}

describe('ProfileLabels', () => {
  it('validates a commit once, however often it is read again (a resync over a large fleet reads every maxAgeMs)', async () => {
    const repo = repository({ ...BASE, ...cluster('a', ['apps']) });
    // The same head every time: only a new commit can change what it holds.
    const read = repo.read;
    let served = 0;
    const sameHead = {
      async read() {
        const snapshot = await read();
        served++;
        return { ...snapshot, commit: 'head' };
      },
    };
    const labels = new ProfileLabels(sameHead, 0);
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    // Were this commit validated again, the edit would show: it cannot happen
    // to a real commit, which is what makes the first validation reusable.
    Object.assign(repo.files, cluster('a', []));
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    expect(served).toBe(2);
  });

  it('validates a new commit', async () => {
    const repo = repository({ ...BASE, ...cluster('a', ['apps']) });
    const labels = new ProfileLabels(repo, 0);
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    Object.assign(repo.files, cluster('a', []));
    expect(await labels.for('a')).toEqual({});
  });

  it('reads the repository once for many clusters at once', async () => {
    const repo = repository({
      ...BASE,
      ...cluster('a', ['apps']),
      ...cluster('b', []),
    });
    const labels = new ProfileLabels(repo);
    expect(await Promise.all([labels.for('a'), labels.for('b')])).toEqual([
      { 'profile.arlon.io/apps': 'true' },
      {},
    ]);
    expect(repo.reads).toBe(1);
  });

  it('reads again once for a burst of clusters the snapshot does not know, and finds them', async () => {
    const repo = repository({ ...BASE, ...cluster('a', []) });
    const labels = new ProfileLabels(repo, 60_000);
    await labels.for('a');
    for (const name of ['n1', 'n2', 'n3', 'n4'])
      Object.assign(repo.files, cluster(name, ['apps']));
    const found = await Promise.all(
      ['n1', 'n2', 'n3', 'n4', 'foreign'].map(n => labels.for(n)),
    );
    expect(found.slice(0, 4)).toEqual(
      Array(4).fill({ 'profile.arlon.io/apps': 'true' }),
    );
    expect(found[4]).toEqual({});
    expect(repo.reads).toBe(2);
  });

  it('labels from files it is handed (a read that has the signalled commit) without reading them again', async () => {
    const repo = repository({ ...BASE, ...cluster('a', []) });
    const labels = new ProfileLabels(repo, 60_000);
    await labels.for('a');
    labels.use({ ...BASE, ...cluster('a', ['apps']) });
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    expect(repo.reads).toBe(1);
  });

  it('keeps a snapshot the change signal handed over however old it gets, until a cluster it does not know asks', async () => {
    const repo = repository({ ...BASE, ...cluster('a', []) });
    // maxAgeMs 0: a snapshot it read itself would be read again at once.
    const labels = new ProfileLabels(repo, 0);
    await labels.use({ ...BASE, ...cluster('a', ['apps']) }, 'signalled');
    await new Promise(r => setTimeout(r, 5));
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    expect(repo.reads).toBe(0);
    // A cluster newer than the signalled head still reads the repository,
    // and a snapshot read so ages again.
    Object.assign(repo.files, cluster('n', ['apps']));
    expect(await labels.for('n')).toEqual({ 'profile.arlon.io/apps': 'true' });
    expect(repo.reads).toBe(1);
    await labels.for('a');
    expect(repo.reads).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const repo = repository({ ...BASE, ...cluster('a', ['apps']) });
    const labels = new ProfileLabels(repo, 60_000);
    repo.fail = true;
    await expect(labels.for('a')).rejects.toThrow('Git is down');
    repo.fail = false;
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
  });

  it('holds (null) a cluster whose definition is broken, and the clusters of a broken profile; a deleted one is stripped', async () => {
    const repo = repository({
      ...BASE,
      ...cluster('a', ['apps']),
      ...cluster('b', ['apps']),
      ...cluster('c', []),
    });
    const labels = new ProfileLabels(repo, 0);
    repo.files['arlon/clusters/a.yaml'] = repo.files[
      'arlon/clusters/a.yaml'
    ].replace('profiles:', 'profles:');
    expect(await labels.for('a')).toBeNull();
    expect(await labels.for('b')).toEqual({ 'profile.arlon.io/apps': 'true' });
    repo.files['arlon/profiles/apps.yaml'] = 'kind: Profile\n  : [\n';
    expect(await labels.for('b')).toBeNull();
    expect(await labels.for('c')).toEqual({});
    delete repo.files['arlon/clusters/c.yaml'];
    expect(await labels.for('c')).toEqual({});
  });

  it("reads a cluster it does not know after this process's writes, and everything else from the plain read", async () => {
    // read() answers the snapshot a write started from; readAfterWrites()
    // waits for the write, whose commit made the cluster.
    const repo = repository({ ...BASE, ...cluster('a', []) });
    const afterWrites = { calls: 0 };
    const source = {
      read: () => repo.read(),
      readAfterWrites: async () => {
        afterWrites.calls++;
        return {
          commit: 'w1',
          files: { ...BASE, ...cluster('a', []), ...cluster('new', ['apps']) },
        };
      },
    };
    const labels = new ProfileLabels(source, 60_000);
    expect(await labels.for('a')).toEqual({});
    expect(afterWrites.calls).toBe(0);
    expect(await labels.for('new')).toEqual({
      'profile.arlon.io/apps': 'true',
    });
    expect(afterWrites.calls).toBe(1);
    expect(repo.reads).toBe(1);
  });

  it('keeps a newer snapshot when an older read fails after it', async () => {
    const repo = repository({ ...BASE, ...cluster('a', []) });
    const labels = new ProfileLabels(repo, 60_000);
    repo.fail = true;
    const failing = labels.for('a');
    // Files handed over while the read is still under way replace it.
    labels.use({ ...BASE, ...cluster('a', ['apps']) });
    await expect(failing).rejects.toThrow('Git is down');
    expect(await labels.for('a')).toEqual({ 'profile.arlon.io/apps': 'true' });
    expect(repo.reads).toBe(1);
  });
});
