import { ConfigReader } from '@backstage/config';
import { stringify } from 'yaml';
import { readArlonSecurity } from '../config/readArlonSecurity';
import { parseKubeconfig } from './parseKubeconfig';
import { ServerAddressPolicy } from './ServerAddressPolicy';
import { pem } from './__testUtils__/kubeconfigDocs';

const kubeconfig = (user: object, cluster: object = {}) =>
  stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'c',
        cluster: {
          server: 'https://K8S.example.com:6443/',
          'certificate-authority-data': pem('CERTIFICATE'),
          ...cluster,
        },
      },
    ],
    users: [{ name: 'u', user }],
    contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    'current-context': 'x',
  });

describe('parseKubeconfig', () => {
  it('reads a token kubeconfig into the fixed shape, the server normalised', () => {
    expect(parseKubeconfig(kubeconfig({ token: 't0k' }))).toEqual({
      server: 'https://k8s.example.com:6443',
      serverField: 'clusters[0].cluster.server',
      caData: pem('CERTIFICATE'),
      user: { token: 't0k' },
    });
  });

  it('reads inline client certificates', () => {
    const parsed = parseKubeconfig(
      kubeconfig({
        'client-certificate-data': pem('CERTIFICATE'),
        'client-key-data': pem('EC PRIVATE KEY'),
      }),
    );
    expect(parsed.user).toEqual({
      clientCertificateData: pem('CERTIFICATE'),
      clientKeyData: pem('EC PRIVATE KEY'),
    });
  });

  it('refuses a kubeconfig without inline CA data', () => {
    expect(() =>
      parseKubeconfig(
        kubeconfig({ token: 't' }, { 'certificate-authority-data': undefined }),
      ),
    ).toThrow(
      'kubeconfig clusters[0].cluster.certificate-authority-data: is missing',
    );
  });

  it('refuses a certificate without its key, and text that is not PEM', () => {
    expect(() =>
      parseKubeconfig(
        kubeconfig({ 'client-certificate-data': pem('CERTIFICATE') }),
      ),
    ).toThrow('users[0].user.client-key-data: is missing');
    expect(() =>
      parseKubeconfig(
        kubeconfig(
          { token: 't' },
          { 'certificate-authority-data': 'bm90IGEgcGVt' },
        ),
      ),
    ).toThrow('is not a base64 PEM certificate');
  });
});

describe('parseKubeconfig, inherited names', () => {
  it.each(['__proto__', 'constructor', 'toString'])(
    'refuses user.%s as an unsupported field, never as an inherited refusal',
    key => {
      const text = kubeconfig({ token: 't' }).replace(
        '    user:\n',
        `    user:\n      ${key}: {}\n`,
      );
      expect(() => parseKubeconfig(text)).toThrow(
        `kubeconfig users[0].user.${key}: is not supported`,
      );
    },
  );

  it.each(['constructor', 'hasOwnProperty'])(
    'refuses cluster.%s as an unsupported field',
    key => {
      const text = kubeconfig({ token: 't' }, { [key]: 'x' });
      expect(() => parseKubeconfig(text)).toThrow(
        `kubeconfig clusters[0].cluster.${key}: is not supported`,
      );
    },
  );
});

describe('ServerAddressPolicy', () => {
  const policy = new ServerAddressPolicy({
    allowedNetworks: ['127.0.0.1/32'],
    portalPorts: [7007],
    localAddresses: ['10.0.0.5'],
  });

  it('allows remote addresses and the explicitly allowed one', () => {
    expect(policy.refusal('10.1.2.3', 6443)).toBeUndefined();
    expect(policy.refusal('2001:db8::1', 443)).toBeUndefined();
    expect(policy.refusal('127.0.0.1', 6443)).toBeUndefined();
  });

  it('refuses the rest of loopback, metadata, IPv4-mapped and compatible forms', () => {
    for (const address of [
      '127.0.0.2',
      '::1',
      '::',
      '::ffff:169.254.169.254',
      '::ffff:7f00:2',
      '::7f00:1',
      'fd00:ec2::254',
      'fe80::1',
      '0.0.0.0',
    ])
      expect([address, policy.refusal(address, 6443)]).toEqual([
        address,
        expect.stringContaining('network the portal does not connect to'),
      ]);
  });

  it("refuses the portal's port on its own addresses, allowed network or not", () => {
    expect(policy.refusal('127.0.0.1', 7007)).toContain("portal's own port");
    expect(policy.refusal('10.0.0.5', 7007)).toContain("portal's own port");
    expect(policy.refusal('10.0.0.6', 7007)).toBeUndefined();
  });
});

describe('readArlonSecurity', () => {
  const read = (security: object, backend?: object) =>
    readArlonSecurity(new ConfigReader({ arlon: { security }, backend }));

  it('defaults to no allowance and the portal port 7007, or the configured one', () => {
    expect(read({})).toMatchObject({
      allowedNetworks: [],
      portalPorts: [7007],
    });
    expect(
      read({ deniedPorts: [9000] }, { listen: { port: 8080 } }).portalPorts,
    ).toEqual([8080, 9000]);
  });

  it('names a network entry that is not one', () => {
    expect(() => read({ allowedNetworks: ['localhost'] })).toThrow(
      'arlon.security.allowedNetworks[0]: "localhost" is not a network',
    );
  });
});
