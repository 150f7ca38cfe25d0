import { stringify } from 'yaml';
import { parseKubeconfig } from './parseKubeconfig';

/** Regressions for what the property-based suite (parseKubeconfig.fuzz.test.ts) found. */

const pem = Buffer.from(
  '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
).toString('base64');
const kubeconfig = (extra: Record<string, unknown>) =>
  stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'c',
        cluster: {
          server: 'https://k8s.example.com',
          'certificate-authority-data': pem,
        },
      },
    ],
    users: [{ name: 'u', user: { token: 't' } }],
    contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    'current-context': 'x',
    ...extra,
  });

describe('parseKubeconfig, found by fuzzing', () => {
  it('names an empty key it refuses as "" instead of nothing', () => {
    expect(() => parseKubeconfig(kubeconfig({ '': 0 }))).toThrow(
      /^kubeconfig "": is not a kubeconfig field\./,
    );
  });

  it('shows a key with a line break quoted, on one line', () => {
    expect(() => parseKubeconfig(kubeconfig({ 'a\nb': 0 }))).toThrow(
      /^kubeconfig "a\\nb": is not a kubeconfig field\./,
    );
  });
});
