import { changedClusters } from './changedClusters';

describe('changedClusters', () => {
  const fleet = ['dev-local', 'prod-us-west', 'values'];

  it('names each cluster whose manifests, root Application or values change, once, sorted', () => {
    expect(
      changedClusters(
        [
          'generated/values/prod-us-west/calico.yaml',
          'generated/clusters/dev-local/cluster.yaml',
          'generated/argocd/clusters/dev-local.yaml',
          'generated/argocd/clusters/prod-us-west.yml',
        ],
        fleet,
      ),
    ).toEqual(['dev-local', 'prod-us-west']);
  });

  it('ignores definitions, profiles, projects and folders no cluster is named like', () => {
    expect(
      changedClusters(
        [
          'arlon/clusters/dev-local.yaml',
          'generated/argocd/profiles/apps.yaml',
          'generated/argocd/projects/arlon-clusters.yaml',
          'generated/clusters/gone/cluster.yaml',
          'bundles/clusters/dev-local/x.yaml',
        ],
        fleet,
      ),
    ).toEqual([]);
  });

  it('reads a cluster folder below another level (a tree per management cluster)', () => {
    expect(
      changedClusters(
        ['generated/mc-2/clusters/dev-local/cluster.yaml'],
        fleet,
      ),
    ).toEqual(['dev-local']);
  });

  it('does not take the file name of a deeper path for a cluster', () => {
    expect(
      changedClusters(['generated/clusters/other/dev-local.yaml'], fleet),
    ).toEqual([]);
  });
});
