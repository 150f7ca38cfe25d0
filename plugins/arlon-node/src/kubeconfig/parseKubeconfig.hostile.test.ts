import { stringify } from 'yaml';
import { MAX_KUBECONFIG_BYTES, parseKubeconfig } from './parseKubeconfig';
import {
  baseKubeconfig,
  CA,
  type KubeconfigDoc,
  pem,
} from './__testUtils__/kubeconfigDocs';

/**
 * A kubeconfig is data, never instructions (docs/security.md, section 2):
 * everything that would make a client run a command, read a file, go through
 * a proxy, skip TLS or act as someone else is refused with an InputError
 * naming the field and saying what to do.
 */

const withCluster = (fields: KubeconfigDoc) => {
  const doc = baseKubeconfig();
  Object.assign(doc.clusters[0].cluster, fields);
  return stringify(doc);
};
const withUser = (user: KubeconfigDoc) => {
  const doc = baseKubeconfig();
  doc.users[0].user = user;
  return stringify(doc);
};
const HOW_TO_FIX = 'kubectl config view --minify --flatten --raw';

function refusal(text: unknown): Error {
  try {
    parseKubeconfig(text);
  } catch (error) {
    expect((error as Error).name).toBe('InputError');
    expect((error as Error).message).toContain(HOW_TO_FIX);
    return error as Error;
  }
  throw new Error('the kubeconfig was accepted');
}

describe('parseKubeconfig refuses what a client would obey', () => {
  it.each([
    [
      'exec',
      { exec: { command: 'sh', args: ['-c', 'id'] } },
      'runs a command on the portal host',
    ],
    [
      'auth-provider',
      { 'auth-provider': { name: 'oidc' } },
      'runs a plugin (and its cmd-path)',
    ],
    [
      'tokenFile',
      { tokenFile: '/var/run/secrets/token' },
      'reads a file on the portal host; give the token inline',
    ],
    [
      'client-certificate',
      { 'client-certificate': '/etc/cert.pem', 'client-key-data': CA },
      'give the certificate inline',
    ],
    ['client-key', { 'client-key': '/etc/key.pem' }, 'give the key inline'],
    [
      'username',
      { username: 'admin', password: 'pw' },
      'basic authentication is not supported',
    ],
    [
      'password',
      { password: 'pw', token: 't' },
      'basic authentication is not supported',
    ],
    [
      'as',
      { token: 't', as: 'system:admin' },
      'impersonation is not supported',
    ],
    ['as-uid', { token: 't', 'as-uid': '0' }, 'impersonation is not supported'],
    [
      'as-groups',
      { token: 't', 'as-groups': ['system:masters'] },
      'impersonation is not supported',
    ],
    [
      'as-user-extra',
      { token: 't', 'as-user-extra': { a: ['b'] } },
      'impersonation is not supported',
    ],
  ])('user.%s', (field, user, why) => {
    const { message } = refusal(withUser(user));
    expect(message.startsWith(`kubeconfig users[0].user.${field}: `)).toBe(
      true,
    );
    expect(message).toContain(why);
  });

  it.each([
    [
      'certificate-authority',
      '/etc/ca.pem',
      'reads a file on the portal host; give the CA inline',
    ],
    ['proxy-url', 'http://proxy:3128', 'sends the connection through a proxy'],
    [
      'insecure-skip-tls-verify',
      true,
      'turns off the check of the server certificate',
    ],
  ])('cluster.%s', (field, value, why) => {
    expect(refusal(withCluster({ [field]: value })).message).toMatch(
      new RegExp(`^kubeconfig clusters\\[0\\]\\.cluster\\.${field}: ${why}`),
    );
  });

  it.each(['proxy-url', 'certificate-authority'])(
    'cluster.%s: false is refused too (only insecure-skip-tls-verify: false says nothing)',
    field => {
      expect(refusal(withCluster({ [field]: false })).message).toMatch(
        new RegExp(`^kubeconfig clusters\\[0\\]\\.cluster\\.${field}: `),
      );
    },
  );

  it('accepts insecure-skip-tls-verify: false, which asks for nothing', () => {
    expect(
      parseKubeconfig(withCluster({ 'insecure-skip-tls-verify': false }))
        .server,
    ).toBe('https://k8s.example.com');
  });

  it('ignores extensions and disable-compression, which change nothing about the connection', () => {
    const doc = baseKubeconfig();
    doc.extensions = [];
    doc.preferences = {};
    doc.clusters[0].cluster.extensions = [];
    doc.clusters[0].cluster['disable-compression'] = true;
    doc.users[0].user.extensions = [];
    expect(parseKubeconfig(stringify(doc)).user).toEqual({ token: 't0k' });
  });

  it('checks every entry, not only the current context', () => {
    const doc = baseKubeconfig();
    doc.users.push({ name: 'other', user: { exec: { command: 'x' } } });
    doc.clusters.push({ name: 'o', cluster: { 'proxy-url': 'http://p' } });
    expect(refusal(stringify(doc)).message).toContain(
      'clusters[1].cluster.proxy-url',
    );
    doc.clusters.pop();
    expect(refusal(stringify(doc)).message).toContain('users[1].user.exec');
  });
});

describe('parseKubeconfig refuses what it cannot read as one cluster', () => {
  it.each([undefined, 42, '', '  \n'])('%j as the whole text', text => {
    expect(refusal(text).message).toMatch(
      /^kubeconfig: send the kubeconfig as YAML text/,
    );
  });

  it('more than 64 KiB', () => {
    const text = `${stringify(baseKubeconfig())}# ${'x'.repeat(
      MAX_KUBECONFIG_BYTES,
    )}`;
    expect(refusal(text).message).toMatch(
      /^kubeconfig \(whole file\): is larger than 64 KiB/,
    );
    // Exactly at the limit is read.
    const doc = stringify(baseKubeconfig());
    const padded = `${doc}#${'x'.repeat(
      MAX_KUBECONFIG_BYTES - doc.length - 1,
    )}`;
    expect(Buffer.byteLength(padded)).toBe(MAX_KUBECONFIG_BYTES);
    expect(parseKubeconfig(padded).user).toEqual({ token: 't0k' });
  });

  it('several documents', () => {
    const doc = stringify(baseKubeconfig());
    expect(refusal(`${doc}---\n${doc}`).message).toContain(
      '(whole file): must be exactly one YAML document',
    );
  });

  it('invalid YAML, naming its line', () => {
    expect(refusal('apiVersion: v1\nkind: [Config\n').message).toMatch(
      /^kubeconfig \(line \d+\): is not valid YAML \([A-Z_]+\)/,
    );
    expect(refusal('a: 1\na: 2\n').message).toContain(
      'is not valid YAML (DUPLICATE_KEY)',
    );
  });

  it('anchors and aliases', () => {
    const text = stringify(baseKubeconfig())
      .replace('name: c\n', 'name: &n c\n')
      .replace('cluster: c\n', 'cluster: *n\n');
    expect(text).toContain('*n');
    expect(refusal(text).message).toContain('uses YAML anchors and aliases');
  });

  it('a list or a scalar as the document', () => {
    expect(refusal('- a\n').message).toContain(
      '(whole file): must be a YAML mapping',
    );
    expect(refusal('just text\n').message).toContain('must be a YAML mapping');
  });

  it('an unknown top-level field', () => {
    expect(
      refusal(stringify({ ...baseKubeconfig(), proxy: 'x' })).message,
    ).toMatch(/^kubeconfig proxy: is not a kubeconfig field/);
  });

  it('clusters that are not a list, entries that are not mappings or lack a name', () => {
    expect(
      refusal(stringify({ ...baseKubeconfig(), clusters: { c: {} } })).message,
    ).toMatch(/^kubeconfig clusters: must be a list/);
    expect(
      refusal(stringify({ ...baseKubeconfig(), users: ['u'] })).message,
    ).toMatch(/^kubeconfig users\[0\]: must be a mapping/);
    expect(
      refusal(
        stringify({ ...baseKubeconfig(), users: [{ user: { token: 't' } }] }),
      ).message,
    ).toMatch(/^kubeconfig users\[0\]\.name: is missing/);
    expect(
      refusal(
        stringify({ ...baseKubeconfig(), users: [{ name: 'u', user: 'x' }] }),
      ).message,
    ).toMatch(/^kubeconfig users\[0\]\.user: must be a mapping/);
    expect(
      refusal(
        stringify({
          ...baseKubeconfig(),
          users: [{ name: 'u', user: { token: 't' }, extra: 1 }],
        }),
      ).message,
    ).toMatch(
      /^kubeconfig users\[0\]\.extra: is not a field of a kubeconfig entry/,
    );
  });

  it('no current context, or one that names nothing or is defined twice', () => {
    expect(
      refusal(stringify({ ...baseKubeconfig(), 'current-context': undefined }))
        .message,
    ).toMatch(/^kubeconfig current-context: is missing/);
    expect(
      refusal(stringify({ ...baseKubeconfig(), 'current-context': '' }))
        .message,
    ).toMatch(/^kubeconfig current-context: is missing/);
    expect(
      refusal(stringify({ ...baseKubeconfig(), 'current-context': 'y' }))
        .message,
    ).toMatch(
      /^kubeconfig current-context: names context "y", which the kubeconfig does not define/,
    );
    const doc = baseKubeconfig();
    doc.contexts.push({ name: 'x', context: { cluster: 'c', user: 'u' } });
    expect(refusal(stringify(doc)).message).toMatch(
      /^kubeconfig current-context: names context "x", which the kubeconfig defines 2 times/,
    );
  });

  it('a context without cluster or user, or naming ones that do not exist', () => {
    const doc = baseKubeconfig();
    doc.contexts[0].context = { user: 'u' };
    expect(refusal(stringify(doc)).message).toMatch(
      /^kubeconfig contexts\[0\]\.context\.cluster: is missing/,
    );
    doc.contexts[0].context = { cluster: 'c' };
    expect(refusal(stringify(doc)).message).toMatch(
      /^kubeconfig contexts\[0\]\.context\.user: is missing/,
    );
    doc.contexts[0].context = { cluster: 'c', user: 'nobody' };
    expect(refusal(stringify(doc)).message).toMatch(
      /^kubeconfig contexts\[0\]\.context\.user: names user "nobody", which the kubeconfig does not define/,
    );
    doc.contexts[0].context = { cluster: 'nowhere', user: 'u' };
    expect(refusal(stringify(doc)).message).toMatch(
      /^kubeconfig contexts\[0\]\.context\.cluster: names cluster "nowhere"/,
    );
  });

  it('uses the current context, not the first entries', () => {
    const doc = baseKubeconfig();
    doc.clusters.unshift({
      name: 'first',
      cluster: {
        server: 'https://first.example.com',
        'certificate-authority-data': CA,
      },
    });
    doc.users.unshift({ name: 'first', user: { token: 'first-token' } });
    const parsed = parseKubeconfig(stringify(doc));
    expect(parsed).toMatchObject({
      server: 'https://k8s.example.com',
      serverField: 'clusters[1].cluster.server',
      user: { token: 't0k' },
    });
  });
});

describe('parseKubeconfig refuses a server it should not connect to as given', () => {
  it.each([
    [undefined, 'is missing'],
    ['', 'is missing'],
    ['not a url', 'is not a URL'],
    [
      'http://k8s.example.com',
      'uses http; the portal connects to API servers over https only',
    ],
    ['file:///etc/passwd', 'uses file;'],
    ['https://user:pw@k8s.example.com', 'carries credentials in the URL'],
    ['https://:pw@k8s.example.com', 'carries credentials in the URL'],
    ['https://k8s.example.com/?x=1', 'has a query or fragment'],
    ['https://k8s.example.com/#x', 'has a query or fragment'],
  ])('server %j', (server, why) => {
    expect(refusal(withCluster({ server })).message).toContain(
      `kubeconfig clusters[0].cluster.server: ${why}`,
    );
  });

  it('keeps a path, drops trailing slashes, and normalises the host', () => {
    expect(
      parseKubeconfig(
        withCluster({
          server: 'https://K8S.example.com:6443/k8s/clusters/c-1//',
        }),
      ).server,
    ).toBe('https://k8s.example.com:6443/k8s/clusters/c-1');
    expect(
      parseKubeconfig(withCluster({ server: 'https://0x7f.1:443' })).server,
    ).toBe('https://127.0.0.1');
  });

  it('tls-server-name must be a host name when given, and is passed on', () => {
    expect(refusal(withCluster({ 'tls-server-name': '' })).message).toContain(
      'clusters[0].cluster.tls-server-name: must be a host name',
    );
    expect(refusal(withCluster({ 'tls-server-name': 5 })).message).toContain(
      'must be a host name',
    );
    expect(
      parseKubeconfig(withCluster({ 'tls-server-name': 'api.internal' }))
        .tlsServerName,
    ).toBe('api.internal');
    expect(parseKubeconfig(withCluster({}))).not.toHaveProperty(
      'tlsServerName',
    );
  });
});

describe('parseKubeconfig refuses credentials it cannot use as given', () => {
  it('no token and no client certificate', () => {
    expect(refusal(withUser({})).message).toMatch(
      /^kubeconfig users\[0\]\.user: has no token and no client-certificate-data\/client-key-data/,
    );
    expect(refusal(withUser({ token: '  ' })).message).toContain(
      'has no token',
    );
    expect(refusal(withUser({ token: 5 })).message).toContain('has no token');
  });

  it('a token with a line break (a header injection)', () => {
    expect(refusal(withUser({ token: 'a\r\nX-Evil: 1' })).message).toMatch(
      /^kubeconfig users\[0\]\.user\.token: contains a line break/,
    );
    expect(refusal(withUser({ token: 'a\nb' })).message).toContain(
      'contains a line break',
    );
  });

  it('trims a token', () => {
    expect(parseKubeconfig(withUser({ token: ' t0k ' })).user).toEqual({
      token: 't0k',
    });
  });

  it('a key without its certificate, or a token besides a certificate', () => {
    expect(
      refusal(withUser({ 'client-key-data': pem('PRIVATE KEY') })).message,
    ).toMatch(
      /^kubeconfig users\[0\]\.user\.client-certificate-data: is missing \(client-key-data needs it\)/,
    );
    expect(
      refusal(withUser({ 'client-certificate-data': CA })).message,
    ).toMatch(
      /^kubeconfig users\[0\]\.user\.client-key-data: is missing \(client-certificate-data needs it\)/,
    );
    expect(
      refusal(
        withUser({
          'client-certificate-data': CA,
          'client-key-data': pem('PRIVATE KEY'),
          token: 't',
        }),
      ).message,
    ).toMatch(
      /^kubeconfig users\[0\]\.user\.token: is given besides a client certificate/,
    );
  });

  it('certificate and key data that are not base64 PEM of their kind', () => {
    expect(
      refusal(
        withUser({
          'client-certificate-data': 'not base64!',
          'client-key-data': pem('PRIVATE KEY'),
        }),
      ).message,
    ).toMatch(
      /^kubeconfig users\[0\]\.user\.client-certificate-data: is not base64/,
    );
    expect(
      refusal(
        withUser({ 'client-certificate-data': CA, 'client-key-data': CA }),
      ).message,
    ).toMatch(
      /^kubeconfig users\[0\]\.user\.client-key-data: is not a base64 PEM private key/,
    );
    expect(
      refusal(
        withUser({ 'client-certificate-data': CA, 'client-key-data': '  ' }),
      ).message,
    ).toMatch(/client-key-data: is missing/);
    expect(
      refusal(withCluster({ 'certificate-authority-data': pem('PRIVATE KEY') }))
        .message,
    ).toMatch(/certificate-authority-data: is not a base64 PEM certificate/);
    expect(
      refusal(withCluster({ 'certificate-authority-data': `x${CA}` })).message,
    ).toMatch(/certificate-authority-data: is not a base64 PEM certificate/);
    expect(
      refusal(withCluster({ 'certificate-authority-data': `${CA}===` }))
        .message,
    ).toMatch(/certificate-authority-data: is not base64/);
  });

  it('accepts base64 wrapped over lines, compacted', () => {
    const wrapped = CA.replace(/(.{20})/g, '$1\n ');
    expect(
      parseKubeconfig(withCluster({ 'certificate-authority-data': wrapped }))
        .caData,
    ).toBe(CA);
  });
});
