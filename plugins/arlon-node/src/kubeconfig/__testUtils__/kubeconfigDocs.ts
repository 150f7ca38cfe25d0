/** Base64 of a PEM block of `kind`, as a kubeconfig's `*-data` fields hold it. */
export const pem = (kind: string) =>
  Buffer.from(
    `-----BEGIN ${kind}-----\nMIIB\n-----END ${kind}-----\n`,
  ).toString('base64');

export const CA = pem('CERTIFICATE');

export type KubeconfigDoc = Record<string, any>;

/** A valid kubeconfig (one cluster, one token user, one context), to edit per case. */
export const baseKubeconfig = (): KubeconfigDoc => ({
  apiVersion: 'v1',
  kind: 'Config',
  clusters: [
    {
      name: 'c',
      cluster: {
        server: 'https://k8s.example.com',
        'certificate-authority-data': CA,
      },
    },
  ],
  users: [{ name: 'u', user: { token: 't0k' } }],
  contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
  'current-context': 'x',
});
