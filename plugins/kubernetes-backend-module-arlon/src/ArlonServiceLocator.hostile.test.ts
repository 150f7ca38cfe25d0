import type { Entity } from '@backstage/catalog-model';
import { mockCredentials } from '@backstage/backend-test-utils';
import type {
  ClusterDetails,
  KubernetesClustersSupplier,
  KubernetesServiceLocator,
  ServiceLocatorRequestContext,
} from '@backstage/plugin-kubernetes-node';
import { ArlonServiceLocator } from './ArlonServiceLocator';

/**
 * Only the Arlon catalog module's own entity (resource:default/<cluster>)
 * is located at its workload cluster: a look-alike registered by anyone
 * else goes to the configured locator.
 */
const prod: ClusterDetails = {
  name: 'prod',
  url: 'https://10.0.0.1:6443',
  authMetadata: {},
};
const supplier: KubernetesClustersSupplier = {
  getClusters: async () => [prod],
};
const configured: KubernetesServiceLocator = {
  getClustersByEntity: async () => ({ clusters: [] }),
};
const locator = new ArlonServiceLocator(supplier, configured);
const context: ServiceLocatorRequestContext = {
  credentials: mockCredentials.user(),
  objectTypesToFetch: new Set(),
  customResources: [],
};

const clusterEntity = (namespace?: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: {
    name: 'prod',
    ...(namespace ? { namespace } : {}),
    annotations: { 'arlon.io/kind': 'Cluster' },
  },
  spec: { type: 'kubernetes-cluster', owner: 'group:default/platform' },
});

describe('ArlonServiceLocator, hostile', () => {
  it("locates the Arlon module's own entity (default namespace) at its workload cluster", async () => {
    const { clusters } = await locator.getClustersByEntity(
      clusterEntity('default'),
      context,
    );
    expect(clusters.map(c => c.name)).toEqual(['prod']);
  });

  it("does not hand a look-alike entity in another namespace the Arlon cluster's credentials", async () => {
    const { clusters } = await locator.getClustersByEntity(
      clusterEntity('team-x'),
      context,
    );
    expect(clusters).toEqual([]);
  });

  it('does not treat a Component with the annotation as an Arlon cluster', async () => {
    const entity = { ...clusterEntity('default'), kind: 'Component' };
    const { clusters } = await locator.getClustersByEntity(entity, context);
    expect(clusters).toEqual([]);
  });
});
