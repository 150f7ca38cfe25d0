import { parseAllDocuments, stringify } from 'yaml';
import { sandboxTls } from './tls';
import { kubeconfigYaml } from './kubeconfig';

/** The kubeconfig as data: what `yaml` wrote before the template, and what any reader must get back. */
const asData = (name: string, url: string, token: string, caData: string) => ({
  apiVersion: 'v1',
  kind: 'Config',
  clusters: [
    { name, cluster: { server: url, 'certificate-authority-data': caData } },
  ],
  users: [{ name: `${name}-admin`, user: { token } }],
  contexts: [{ name, context: { cluster: name, user: `${name}-admin` } }],
  'current-context': name,
});

/** Read as strictly as parseKubeconfig reads it: one document, no errors, unique keys. */
function read(text: string): unknown {
  const documents = parseAllDocuments(text, { uniqueKeys: true });
  if (!Array.isArray(documents) || documents.length !== 1)
    throw new Error('not one document');
  expect(documents[0].errors).toEqual([]);
  expect(documents[0].warnings).toEqual([]);
  return documents[0].toJS();
}

describe('kubeconfigYaml', () => {
  const { caData } = sandboxTls();

  it.each([
    ['many-17', 'https://127.0.0.1:40123', 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5'],
    ['arlon-sandbox', 'https://localhost:6443/prefix', 't'],
  ])('writes the text yaml writes for %s, %s', (name, url, token) => {
    const text = kubeconfigYaml(name, url, token, caData);
    expect(text).toBe(stringify(asData(name, url, token, caData)));
    expect(read(text)).toEqual(asData(name, url, token, caData));
  });

  it.each([
    'true',
    'null',
    'yes',
    '~',
    '123',
    '0x1F',
    '1e3',
    '.inf',
    '',
    ' leading space',
    'trailing space ',
    'a: b',
    'ends with colon:',
    'a #comment',
    '#comment',
    '- item',
    '? key',
    '&anchor',
    '*alias',
    '!tag',
    '%directive',
    '@at',
    '`tick',
    '{flow: map}',
    '[flow, seq]',
    '"double" \'single\'',
    'back\\slash',
    'line\nbreak',
    'cr\rlf',
    'tab\there',
    'nul\u0000del\u007fc1\u0085',
    'é ü 中 😀',
    'lone \ud800 surrogate',
    '\u2028\u2029\ufeff',
    '---',
    '...',
    'https://h:1 #x',
    'https://[::1]:6443',
  ])('a value %j reads back as itself', value => {
    for (const [name, url, token, ca] of [
      [value, 'https://127.0.0.1:1', 't', caData],
      ['c', value, 't', caData],
      ['c', 'https://127.0.0.1:1', value, caData],
      ['c', 'https://127.0.0.1:1', 't', value],
    ]) {
      const text = kubeconfigYaml(name, url, token, ca);
      expect(text).toMatch(/^[\x20-\x7e\n]*$/);
      expect(read(text)).toEqual(asData(name, url, token, ca));
    }
  });
});
