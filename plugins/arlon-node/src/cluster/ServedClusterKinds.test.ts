import net from 'node:net';
import { CustomObjectsApi } from '@kubernetes/client-node';
import {
  KubeApiServer,
  Sandbox,
  kubeConfigFor,
} from '@arlon-backstage/arlon-sandbox';
import { clusterManifestKinds } from '@arlon-backstage/plugin-arlon-common';
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

  const clusters = () =>
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
    ]);

  it("reads each reachable management cluster's Cluster API kinds and leaves out one that cannot answer", async () => {
    const kinds = new ServedClusterKinds(clusters());
    const served = await kinds.current();
    expect(served.map(s => [s.managementCluster, s.served.size])).toEqual([
      ['with-capi', clusterManifestKinds().length],
      ['without-capi', 0],
    ]);
    // Kept for a while: a burst of writes asks once.
    expect(await kinds.current()).toBe(served);
  });

  it('does not ask a silent management cluster again for a while, so writes do not each wait on it', async () => {
    let connections = 0;
    const sockets: net.Socket[] = [];
    const silent = net.createServer(s => {
      connections++;
      sockets.push(s); // accepts, never answers
    });
    await new Promise<void>(r => silent.listen(0, '127.0.0.1', r));
    try {
      const kinds = new ServedClusterKinds(
        new ManagementClusters([
          {
            name: 'silent',
            url: `https://127.0.0.1:${
              (silent.address() as net.AddressInfo).port
            }`,
            skipTLSVerify: true,
            argocdNamespace: 'argocd',
          },
        ]),
        { maxAgeMs: 0, timeoutMs: 200 },
      );
      expect(await kinds.current()).toEqual([]);
      expect(connections).toBeGreaterThan(0);
      const before = connections;
      // maxAge 0: this is a fresh read, which skips the silent cluster.
      expect(await kinds.current()).toEqual([]);
      expect(connections).toBe(before);
    } finally {
      sockets.forEach(s => s.destroy());
      await new Promise(r => silent.close(r));
    }
  });

  it('checks only the management clusters that build the fleet once one is bootstrapped', async () => {
    await kubeConfigFor(sandbox.apiServer.url, sandbox.token)
      .makeApiClient(CustomObjectsApi)
      .createNamespacedCustomObject({
        group: 'argoproj.io',
        version: 'v1alpha1',
        namespace: 'argocd',
        plural: 'applications',
        body: {
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'Application',
          metadata: { name: 'arlon-fleet' },
          // what ArgoCD's CRD requires; no source, so nothing is synced
          spec: {
            project: 'default',
            destination: { server: 'https://kubernetes.default.svc' },
          },
        },
      });
    const served = await new ServedClusterKinds(clusters()).current();
    expect(served.map(s => s.managementCluster)).toEqual(['with-capi']);
  });
});
