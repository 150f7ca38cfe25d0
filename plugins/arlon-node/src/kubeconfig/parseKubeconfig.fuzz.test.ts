import { InputError } from '@backstage/errors';
import fc from 'fast-check';
import { stringify } from 'yaml';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import {
  fuzzParameters,
  fuzzTimeout,
} from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/fuzz';
// eslint-disable-next-line @backstage/no-forbidden-package-imports -- test-only arbitraries shared by the fuzz suites
import {
  hostileKey,
  hostileValue,
  hostileYaml,
} from '@arlon-backstage/plugin-arlon-common/src/__testUtils__/hostile';
import { parseKubeconfig } from './parseKubeconfig';
import { pem } from './__testUtils__/kubeconfigDocs';

/** Fields that make a client run, read, proxy or impersonate: always refused. */
const DANGEROUS_USER = {
  exec: { command: 'sh', args: ['-c', 'touch /tmp/pwned'] },
  'auth-provider': { name: 'gcp', config: { 'cmd-path': '/bin/sh' } },
  tokenFile: '/etc/shadow',
  'client-certificate': '/etc/ssl/cert.pem',
  'client-key': '/etc/ssl/key.pem',
  username: 'admin',
  password: 'secret',
  as: 'system:admin',
  'as-groups': ['system:masters'],
};
const DANGEROUS_CLUSTER = {
  'certificate-authority': '/etc/ssl/ca.pem',
  'proxy-url': 'http://attacker.example.com:3128',
  'insecure-skip-tls-verify': true,
};

const server = fc.oneof(
  fc.constantFrom(
    'https://k8s.example.com:6443',
    'https://10.0.0.1:6443/',
    'https://[fd00::1]:443/prefix',
  ),
  fc.constantFrom(
    'http://k8s.example.com',
    'https://user:pw@k8s.example.com',
    'https://k8s.example.com/?q=1',
    'file:///etc/passwd',
    'ftp://x',
    'not a url',
    '',
  ),
  fc.webUrl(),
);

/** A kubeconfig object: valid, with one dangerous field, or with a hostile value anywhere. */
const kubeconfigObject = fc
  .record({
    server,
    user: fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }).map(token => ({ token })),
      fc.constant({
        'client-certificate-data': pem('CERTIFICATE'),
        'client-key-data': pem('EC PRIVATE KEY'),
      }),
    ),
    dangerousUser: fc.option(fc.constantFrom(...Object.keys(DANGEROUS_USER)), {
      nil: undefined,
    }),
    dangerousCluster: fc.option(
      fc.constantFrom(...Object.keys(DANGEROUS_CLUSTER)),
      { nil: undefined },
    ),
    extra: fc.option(
      fc.tuple(
        fc.constantFrom('root', 'cluster', 'user', 'context'),
        hostileKey,
        hostileValue,
      ),
      {
        nil: undefined,
      },
    ),
    currentContext: fc.oneof(fc.constant('x'), hostileValue),
  })
  .map(
    ({
      server: url,
      user,
      dangerousUser,
      dangerousCluster,
      extra,
      currentContext,
    }) => {
      const cluster: Record<string, unknown> = {
        server: url,
        'certificate-authority-data': pem('CERTIFICATE'),
      };
      const u: Record<string, unknown> = { ...user };
      if (dangerousUser)
        u[dangerousUser] = (DANGEROUS_USER as any)[dangerousUser];
      if (dangerousCluster)
        cluster[dangerousCluster] = (DANGEROUS_CLUSTER as any)[
          dangerousCluster
        ];
      const context: Record<string, unknown> = { cluster: 'c', user: 'u' };
      const root: Record<string, unknown> = {
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'c', cluster }],
        users: [{ name: 'u', user: u }],
        contexts: [{ name: 'x', context }],
        'current-context': currentContext,
      };
      if (extra) {
        const [where, key, value] = extra;
        const target = { root, cluster, user: u, context }[where]!;
        Object.defineProperty(target, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return { root, dangerous: !!(dangerousUser || dangerousCluster) };
    },
  );

/** What a refusal must be: a 400 (InputError) that names the kubeconfig field. */
function refusal(text: unknown): InputError | undefined {
  try {
    parseKubeconfig(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof InputError))
      throw new Error(`not an InputError: ${String(error)}`);
    return error;
  }
}

describe('parseKubeconfig, property-based', () => {
  afterEach(() => {
    if (({} as any).polluted !== undefined)
      throw new Error('Object.prototype was polluted');
  });

  it(
    'reads a kubeconfig into the fixed https shape, or refuses it with a 400 naming the field; anything dangerous is always refused',
    () => {
      fc.assert(
        fc.property(kubeconfigObject, ({ root, dangerous }) => {
          const text = stringify(root);
          const error = refusal(text);
          // Unread (no error) passes as a well-formed refusal would read.
          const message = error?.message ?? 'kubeconfig x: read. Export ';
          expect(message).toMatch(/^kubeconfig \S.*: .+\. Export /s);
          // The credential is never repeated back.
          expect(message).not.toContain(pem('EC PRIVATE KEY'));
          expect(dangerous && !error).toBe(false);
          const parsed = error ? undefined : parseKubeconfig(text);
          expect(
            parsed === undefined || parsed.server.startsWith('https://'),
          ).toBe(true);
        }),
        fuzzParameters(200),
      );
    },
    fuzzTimeout(30_000),
  );

  it(
    'refuses any text that is not a kubeconfig with a 400, never another error',
    () => {
      fc.assert(
        fc.property(fc.oneof(hostileYaml, hostileValue), text => {
          const error = refusal(text);
          expect(error?.message ?? 'kubeconfig').toMatch(/^kubeconfig/);
        }),
        fuzzParameters(200),
      );
    },
    fuzzTimeout(30_000),
  );
});
