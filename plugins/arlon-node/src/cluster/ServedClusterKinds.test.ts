import { KubeApiServer, Sandbox } from '@internal/arlon-sandbox';
import { clusterManifestKinds } from '@internal/backstage-plugin-arlon-common';
import { ManagementClusters } from './ManagementClusters';
import { ServedClusterKinds } from './ServedClusterKinds';

describe('ServedClusterKinds', () => {
  let sandbox: Sandbox;
  let bare: KubeApiServer;

  beforeAll(async () => {
    sandbox = await Sandbox.start({});
    bare = await KubeApiServer.start({ token: 'bare-token' });
  });
  afterAll(async () => {
    await bare.stop();
    await sandbox.stop();
  });

  it("reads each reachable management cluster's Cluster API kinds and leaves out one that cannot answer", async () => {
    const kinds = new ServedClusterKinds(
      new ManagementClusters([
        {
          name: 'with-capi',
          url: sandbox.apiServer.url,
          serviceAccountToken: sandbox.token,
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
        {
          name: 'without-capi',
          url: bare.url,
          serviceAccountToken: 'bare-token',
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
        {
          name: 'gone',
          url: 'https://127.0.0.1:1',
          skipTLSVerify: true,
          argocdNamespace: 'argocd',
        },
      ]),
    );
    const served = await kinds.current();
    expect(served.map(s => [s.managementCluster, s.served.size])).toEqual([
      ['with-capi', clusterManifestKinds().length],
      ['without-capi', 0],
    ]);
    // Kept for a while: a burst of writes asks once.
    expect(await kinds.current()).toBe(served);
  });
});
