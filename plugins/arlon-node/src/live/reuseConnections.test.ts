import type net from 'node:net';
import { CoreV1Api } from '@kubernetes/client-node';
import { KubeApiServer, kubeConfigFor } from '@arlon-backstage/arlon-sandbox';
import { LiveCluster } from './LiveCluster';
import { agentKey } from './reuseConnections';
import { ManagementCluster } from '../cluster/ManagementCluster';
import { kubeConfigFromWorkload } from '../kubeconfig/workloadClient';
import { ServerAddressPolicy } from '../kubeconfig/ServerAddressPolicy';

describe('reuseConnections', () => {
  it('makes a pre-flight-sized run of requests over a few kept-alive TLS connections, not one per request', async () => {
    const server = await KubeApiServer.start({ token: 't' });
    let connections = 0;
    // The sandbox API server's own port, to count connections (each a TLS handshake).
    (
      server as unknown as { server: { listener: net.Server } }
    ).server.listener.on('connection', () => connections++);
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

describe('reuseConnections on the clients registration and label syncs use', () => {
  let server: KubeApiServer;
  let connections = 0;
  beforeEach(async () => {
    server = await KubeApiServer.start({ token: 't' });
    connections = 0;
    (
      server as unknown as { server: { listener: net.Server } }
    ).server.listener.on('connection', () => connections++);
  });
  afterEach(() => server.stop());

  it("a management cluster's requests (label patches, Secret writes) share kept-alive connections", async () => {
    const management = new ManagementCluster(
      {
        name: 'm',
        url: server.url,
        serviceAccountToken: 't',
        caData: server.caData,
        skipTLSVerify: false,
        argocdNamespace: 'argocd',
      },
      0,
    );
    const core = management.kubeConfig.makeApiClient(CoreV1Api);
    for (let i = 0; i < 30; i++) await core.readNamespace({ name: 'default' });
    expect(connections).toBeLessThanOrEqual(2);
  });

  it("a workload cluster's client (about ten requests per registration) shares kept-alive connections", async () => {
    const kc = kubeConfigFromWorkload(
      {
        server: server.url,
        serverField: 'clusters[0].cluster.server',
        caData: server.caData,
        user: { token: 't' },
      },
      new ServerAddressPolicy({ allowedNetworks: ['127.0.0.1/32'] }),
    );
    const core = kc.makeApiClient(CoreV1Api);
    for (let i = 0; i < 30; i++) await core.readNamespace({ name: 'default' });
    expect(connections).toBeLessThanOrEqual(2);
  });

  it('a kept-alive workload client still refuses a server the policy refuses, on every request', async () => {
    const core = kubeConfigFromWorkload(
      {
        server: server.url,
        serverField: 'clusters[0].cluster.server',
        caData: server.caData,
        user: { token: 't' },
      },
      // The default policy: loopback is not for workload clusters.
      new ServerAddressPolicy({}),
    ).makeApiClient(CoreV1Api);
    for (let i = 0; i < 3; i++)
      await expect(core.readNamespace({ name: 'default' })).rejects.toThrow(
        /refused by arlon\.security/,
      );
    expect(connections).toBe(0);
  });
});

describe('agentKey', () => {
  const ca = Buffer.from('-----BEGIN CERTIFICATE-----\nAAAA\n');
  const otherCa = Buffer.from('-----BEGIN CERTIFICATE-----\nAAAB\n');

  it('is the same for the same TLS options, built afresh for each request', () => {
    expect(agentKey({ ca: Buffer.from(ca), rejectUnauthorized: true })).toBe(
      agentKey({ ca: Buffer.from(ca), rejectUnauthorized: true }),
    );
  });

  it('differs for any difference: CA bytes, client key, verification, server name', () => {
    const base = { ca, cert: ca, key: ca };
    const keys = [
      base,
      { ...base, ca: otherCa },
      { ...base, key: otherCa },
      { ...base, rejectUnauthorized: false },
      { ...base, servername: 'other' },
      // A text option spelling the CA's base64 is not the CA.
      { ...base, ca: ca.toString('base64') },
    ].map(agentKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
