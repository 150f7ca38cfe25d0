import { describeCascade } from './deletionCascade';

describe('describeCascade', () => {
  it('bundles first, then the commit with the Cluster API objects, then the registration', () => {
    expect(
      describeCascade({
        cluster: 'c1',
        external: false,
        bundleApplications: ['c1-calico', 'c1-guestbook'],
        clusterObjects: [
          { kind: 'Cluster', name: 'c1' },
          { kind: 'KubeadmControlPlane', name: 'c1-control-plane' },
        ],
        registration: {
          managementCluster: 'mgmt',
          secret: 'argocd/cluster-c1',
        },
        files: [],
      }),
    ).toEqual([
      '1. Bundle Applications, pruned with what they deployed while the cluster still answers: c1-calico, c1-guestbook',
      '2. Then the commit deleting its definition, which removes its root Application and so its Cluster API objects: Cluster c1, KubeadmControlPlane c1-control-plane',
      "3. Last, its ArgoCD registration: Secret argocd/cluster-c1 on mgmt, and ArgoCD's account in the cluster",
    ]);
  });
});
