import { ServerAddressPolicy } from '../kubeconfig/ServerAddressPolicy';
import { kubeConfigFromArgoCdSecret } from './workloadKubeConfig';

const access = { servers: new ServerAddressPolicy() } as any;
const secret = (tlsClientConfig: object) => ({
  metadata: { name: 'cluster-edge' },
  stringData: {
    server: 'https://edge.example.com:6443',
    config: JSON.stringify({ bearerToken: 'argocd-token', tlsClientConfig }),
  },
});

/** ArgoCD cluster Secrets are read for diffs and status: their TLS settings are not all obeyed. */
describe('kubeConfigFromArgoCdSecret, hostile', () => {
  it('refuses a Secret asking for unverified TLS, naming the field and not the token', () => {
    let error: any;
    try {
      kubeConfigFromArgoCdSecret(secret({ insecure: true }), access);
    } catch (e) {
      error = e;
    }
    expect(error?.name).toBe('UnusableClusterSecretError');
    expect(error.message).toMatch(
      /cluster-edge asks for unverified TLS \(config\.tlsClientConfig\.insecure\).*caData/,
    );
    expect(error.message).not.toContain('argocd-token');
  });

  it('uses a Secret with its CA, verifying TLS', () => {
    const kc = kubeConfigFromArgoCdSecret(
      secret({ insecure: false, caData: 'Q0E=' }),
      access,
    );
    expect(kc.getCurrentCluster()?.skipTLSVerify).toBe(false);
  });
});
