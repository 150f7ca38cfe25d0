import type { V1Secret } from '@kubernetes/client-node';
import { stringify } from 'yaml';
import { ServerAddressPolicy } from '../kubeconfig/ServerAddressPolicy';
import {
  kubeConfigFromArgoCdSecret,
  kubeConfigFromCapiSecret,
  UnusableClusterSecretError,
} from './workloadKubeConfig';

const access = { servers: new ServerAddressPolicy() } as any;
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The error a call throws, for asserting its type and words. */
function thrown(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

describe('kubeConfigFromArgoCdSecret', () => {
  const argocd = (server: string | undefined, config: unknown) => ({
    metadata: { name: 'cluster-edge' },
    data: {
      ...(server === undefined ? {} : { server: b64(server) }),
      ...(config === undefined
        ? {}
        : {
            config: b64(
              typeof config === 'string' ? config : JSON.stringify(config),
            ),
          }),
    },
  });

  it("uses only the server, ArgoCD's bearer token and CA, verifying TLS", () => {
    const kc = kubeConfigFromArgoCdSecret(
      argocd('https://edge.example.com:6443//', {
        bearerToken: 'argocd-token',
        tlsClientConfig: { caData: 'Q0E=', insecure: false },
        execProviderConfig: { command: 'sh' },
        proxyUrl: 'http://proxy:3128',
      }),
      access,
    );
    expect(kc.getCurrentContext()).toBe('workload');
    expect(kc.getCurrentCluster()).toEqual({
      name: 'workload',
      server: 'https://edge.example.com:6443',
      caData: 'Q0E=',
      skipTLSVerify: false,
    });
    expect(kc.getCurrentUser()).toEqual({
      name: 'argocd',
      token: 'argocd-token',
    });
    expect(kc.getContexts()).toEqual([
      expect.objectContaining({ cluster: 'workload', user: 'argocd' }),
    ]);
  });

  it('reads stringData when the Secret has no data (as written, before the API server encodes it)', () => {
    const kc = kubeConfigFromArgoCdSecret(
      {
        metadata: { name: 'cluster-edge' },
        stringData: {
          server: 'https://edge.example.com',
          config: JSON.stringify({ bearerToken: 't' }),
        },
      },
      access,
    );
    expect(kc.getCurrentCluster()?.server).toBe('https://edge.example.com');
    expect(kc.getCurrentCluster()?.caData).toBeUndefined();
  });

  it('ignores a CA that is not a string', () => {
    const kc = kubeConfigFromArgoCdSecret(
      argocd('https://edge.example.com', {
        bearerToken: 't',
        tlsClientConfig: { caData: { path: '/etc/ca.pem' } },
      }),
      access,
    );
    expect(kc.getCurrentCluster()?.caData).toBeUndefined();
  });

  it.each([
    ['no server', undefined, { bearerToken: 't' }],
    ['no config', 'https://edge.example.com', undefined],
    ['config that is not JSON', 'https://edge.example.com', '{bearerToken: t'],
    ['no bearer token', 'https://edge.example.com', { username: 'admin' }],
    [
      'a bearer token that is not a string',
      'https://edge.example.com',
      { bearerToken: 42 },
    ],
    ['config null', 'https://edge.example.com', 'null'],
  ])('refuses %s, naming the Secret', (_, server, config) => {
    const error = thrown(() =>
      kubeConfigFromArgoCdSecret(argocd(server, config), access),
    );
    expect(error).toBeInstanceOf(UnusableClusterSecretError);
    expect(error.name).toBe('UnusableClusterSecretError');
    expect(error.message).toBe(
      'ArgoCD cluster Secret cluster-edge has no server or bearer token',
    );
  });

  it('refuses a server that is not https', () => {
    const error = thrown(() =>
      kubeConfigFromArgoCdSecret(
        argocd('http://edge.example.com', { bearerToken: 'argocd-token' }),
        access,
      ),
    );
    expect(error).toBeInstanceOf(UnusableClusterSecretError);
    expect(error.message).toBe(
      'ArgoCD cluster Secret cluster-edge: the portal connects to API servers over https only',
    );
  });

  it('names no Secret it was not given a name for, rather than failing', () => {
    expect(
      thrown(() => kubeConfigFromArgoCdSecret({ data: {} }, access)).message,
    ).toBe('ArgoCD cluster Secret undefined has no server or bearer token');
    expect(
      thrown(() =>
        kubeConfigFromArgoCdSecret(
          {
            stringData: {
              server: 'https://e.example.com',
              config: '{"bearerToken":"t","tlsClientConfig":{"insecure":true}}',
            },
          },
          access,
        ),
      ).message,
    ).toMatch(/^ArgoCD cluster Secret undefined asks for unverified TLS/);
  });
});

describe('kubeConfigFromCapiSecret', () => {
  const pem = b64(
    '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  );
  const kubeconfig = (user: object) =>
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        {
          name: 'c',
          cluster: {
            server: 'https://capi.example.com:6443',
            'certificate-authority-data': pem,
          },
        },
      ],
      users: [{ name: 'u', user }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
      'current-context': 'x',
    });
  const capi = (value?: string): V1Secret => ({
    metadata: { name: 'edge-kubeconfig' },
    data: value === undefined ? {} : { value: b64(value) },
  });

  it('reads the kubeconfig in value as data into a client for its server', () => {
    const kc = kubeConfigFromCapiSecret(
      capi(kubeconfig({ token: 'capi-t' })),
      access,
    );
    expect(kc.getCurrentCluster()).toMatchObject({
      server: 'https://capi.example.com:6443',
      caData: pem,
      skipTLSVerify: false,
    });
    expect(kc.getCurrentUser()).toMatchObject({ token: 'capi-t' });
  });

  it('refuses a Secret without a value, naming it', () => {
    for (const secret of [capi(), capi(''), { data: {} }]) {
      const error = thrown(() => kubeConfigFromCapiSecret(secret, access));
      expect(error).toBeInstanceOf(UnusableClusterSecretError);
      expect(error.message).toMatch(
        /^CAPI kubeconfig Secret (edge-kubeconfig|undefined) has no value$/,
      );
    }
  });

  it('refuses an exec entry in the kubeconfig, never running it', () => {
    const error = thrown(() =>
      kubeConfigFromCapiSecret(
        capi(kubeconfig({ exec: { command: 'touch', args: ['/tmp/pwned'] } })),
        access,
      ),
    );
    expect(error.name).toBe('InputError');
    expect(error.message).toContain('users[0].user.exec: runs a command');
  });
});
