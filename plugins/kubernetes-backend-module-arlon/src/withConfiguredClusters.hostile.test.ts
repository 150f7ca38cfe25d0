import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import type { ClusterDetails } from '@backstage/plugin-kubernetes-node';
import { withConfiguredClusters } from './withConfiguredClusters';

/**
 * A cluster an adopter configures under the name of an Arlon cluster must
 * not take the Arlon cluster's place: the Kubernetes backend finds clusters
 * by name.
 */
const cluster = (name: string, url: string, token: string): ClusterDetails => ({
  name,
  url,
  authMetadata: {
    'kubernetes.io/auth-provider': 'serviceAccount',
    serviceAccountToken: token,
  },
});
const options = { credentials: mockCredentials.user() };

describe('withConfiguredClusters, hostile', () => {
  it('supplies configured clusters beside Arlon’s', async () => {
    const supplier = withConfiguredClusters(
      { getClusters: async () => [cluster('prod', 'https://10.0.0.1', 'v')] },
      { getClusters: async () => [cluster('ops', 'https://10.0.0.9', 'o')] },
      mockServices.logger.mock(),
    );
    expect((await supplier.getClusters(options)).map(c => c.name)).toEqual([
      'ops',
      'prod',
    ]);
  });

  it('leaves out a configured cluster named like an Arlon cluster, and says so once', async () => {
    const logger = mockServices.logger.mock();
    const supplier = withConfiguredClusters(
      { getClusters: async () => [cluster('prod', 'https://10.0.0.1', 'v')] },
      {
        getClusters: async () => [
          cluster('prod', 'https://203.0.113.7', 'other-admin-token'),
        ],
      },
      logger,
    );
    const first = await supplier.getClusters(options);
    await supplier.getClusters(options);
    expect(first).toEqual([cluster('prod', 'https://10.0.0.1', 'v')]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      'Configured Kubernetes cluster prod is not supplied: an Arlon workload cluster has that name. Rename it in kubernetes.clusterLocatorMethods',
    );
    expect(JSON.stringify((logger.warn as jest.Mock).mock.calls)).not.toContain(
      'other-admin-token',
    );
  });
});
