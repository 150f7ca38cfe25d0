import type https from 'node:https';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import { LiveCluster } from './LiveCluster';

describe('reuseConnections', () => {
  it('makes a pre-flight-sized run of requests over a few kept-alive TLS connections, not one per request', async () => {
    const server = await KubeApiServer.start({ token: 't' });
    let connections = 0;
    // The sandbox's HTTPS server, to count TLS handshakes.
    (server as unknown as { server: https.Server }).server.on(
      'secureConnection',
      () => connections++,
    );
    try {
      const cluster = new LiveCluster(
        'c',
        kubeConfigFor(server.url, 't', server.caData),
      );
      for (let i = 0; i < 30; i++)
        await cluster.dryRunApply({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `cm-${i}`, namespace: 'default' },
          data: { i: String(i) },
        });
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      await server.stop();
    }
  });
});
