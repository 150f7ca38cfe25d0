import { generateKeyPairSync } from 'node:crypto';
import tls, { rootCertificates } from 'node:tls';
import { CoreV1Api } from '@kubernetes/client-node';
import { KubeApiServer } from '@arlon-backstage/arlon-sandbox';
import { kubeConfigFromWorkload } from '../kubeconfig/workloadClient';
import { ServerAddressPolicy } from '../kubeconfig/ServerAddressPolicy';
import { sharedSecureContext } from './sharedSecureContext';

describe('sharedSecureContext', () => {
  it('is one context for the same CA and client certificate, another for any other', () => {
    const ca = 'ca-pem';
    const { privateKey } = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    // No CA given: the default roots (a context with no material of its own).
    expect(sharedSecureContext({})).toBe(sharedSecureContext({}));
    expect(sharedSecureContext({ key: privateKey })).toBe(
      sharedSecureContext({ key: privateKey, servername: 'other' }),
    );
    expect(sharedSecureContext({})).not.toBe(
      sharedSecureContext({ key: privateKey }),
    );
    expect(() => sharedSecureContext({ ca })).not.toThrow();
  });

  it.each<[string, unknown]>([
    // What client-node hands createAgent beside the CA and certificate: with
    // a secureContext given, Node reads none of them from the options.
    ['ecdhCurve', 'P-256'],
    ['honorCipherOrder', true],
    ['dhparam', 'auto'],
    ['minVersion', 'TLSv1.3'],
    ['maxVersion', 'TLSv1.2'],
    ['sigalgs', 'ECDSA+SHA256'],
  ])(
    'is another context when %s differs: the option is the context’s',
    (field, value) => {
      expect(sharedSecureContext({ [field]: value })).not.toBe(
        sharedSecureContext({}),
      );
    },
  );

  describe('on workload clients', () => {
    let server: KubeApiServer;
    beforeEach(async () => {
      server = await KubeApiServer.start({ token: 't' });
    });
    afterEach(() => server.stop());
    const policy = new ServerAddressPolicy({
      allowedNetworks: ['127.0.0.1/32'],
    });
    const client = (caData: string) =>
      kubeConfigFromWorkload(
        {
          server: server.url,
          serverField: 'clusters[0].cluster.server',
          caData,
          user: { token: 't' },
        },
        policy,
      ).makeApiClient(CoreV1Api);

    it("makes one TLS context for a cluster's clients, not one per connection", async () => {
      const made = jest.spyOn(tls, 'createSecureContext');
      try {
        // ArgoCD's account and the viewer's: two clients, two connections.
        await client(server.caData).readNamespace({ name: 'default' });
        await client(server.caData).readNamespace({ name: 'default' });
        expect(made.mock.calls.length).toBeLessThanOrEqual(1);
      } finally {
        made.mockRestore();
      }
    });

    it('still refuses a server its CA does not vouch for, after a client that trusts it connected', async () => {
      await client(server.caData).readNamespace({ name: 'default' });
      await client(server.caData).readNamespace({ name: 'default' });
      // Another CA (any valid certificate that did not sign the server's).
      const other = rootCertificates[0];
      await expect(
        client(Buffer.from(other).toString('base64')).readNamespace({
          name: 'default',
        }),
      ).rejects.toThrow(/certificate|self.signed|issuer/i);
    });
  });
});
