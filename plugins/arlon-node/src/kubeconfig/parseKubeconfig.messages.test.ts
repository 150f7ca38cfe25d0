import { stringify } from 'yaml';
import { MAX_KUBECONFIG_BYTES, parseKubeconfig } from './parseKubeconfig';
import {
  baseKubeconfig,
  CA,
  type KubeconfigDoc,
  pem,
} from './__testUtils__/kubeconfigDocs';

/**
 * Each refusal names the field that is wrong, so a user can fix that line:
 * these cases pin the field and the reason, not only that the file was
 * refused (a check that fell through to a later one would still refuse,
 * but point at the wrong place).
 */

const edited = (edit: (doc: KubeconfigDoc) => void) => {
  const doc = baseKubeconfig();
  edit(doc);
  return stringify(doc);
};

function message(text: string): string {
  try {
    parseKubeconfig(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the kubeconfig was accepted');
}

describe('parseKubeconfig names the field it refuses', () => {
  it.each<[string, string, RegExp]>([
    [
      'larger than the limit',
      `# ${'x'.repeat(MAX_KUBECONFIG_BYTES)}\n${stringify(baseKubeconfig())}`,
      /^kubeconfig \(whole file\): is larger than/,
    ],
    [
      'a list, not a mapping',
      '- a\n- b\n',
      /^kubeconfig \(whole file\): must be a YAML mapping/,
    ],
    [
      'an anchor and alias',
      `${stringify(baseKubeconfig())}extra: &a 1\nmore: *a\n`,
      /^kubeconfig \(whole file\): uses YAML anchors/,
    ],
    [
      'no current-context',
      edited(d => delete d['current-context']),
      /^kubeconfig current-context: is missing/,
    ],
    [
      'a numeric current-context',
      edited(d => (d['current-context'] = 7)),
      /^kubeconfig current-context: is missing/,
    ],
    [
      'a context without a cluster',
      edited(d => delete d.contexts[0].context.cluster),
      /^kubeconfig contexts\[0\]\.context\.cluster: is missing/,
    ],
    [
      'a context whose cluster is a number',
      edited(d => (d.contexts[0].context.cluster = 7)),
      /^kubeconfig contexts\[0\]\.context\.cluster: is missing/,
    ],
    [
      'a context whose user is a number',
      edited(d => (d.contexts[0].context.user = 7)),
      /^kubeconfig contexts\[0\]\.context\.user: is missing/,
    ],
    [
      'a context without a user',
      edited(d => delete d.contexts[0].context.user),
      /^kubeconfig contexts\[0\]\.context\.user: is missing/,
    ],
    [
      'no clusters list at all',
      edited(d => delete d.clusters),
      /^kubeconfig contexts\[0\]\.context\.cluster: names cluster "c", which the kubeconfig does not define/,
    ],
    [
      'a null clusters list',
      edited(d => (d.clusters = null)),
      /^kubeconfig contexts\[0\]\.context\.cluster: names cluster "c", which the kubeconfig does not define/,
    ],
    [
      'a list item that is a list',
      edited(d => d.clusters.push(['c'])),
      /^kubeconfig clusters\[1\]: must be a mapping/,
    ],
    [
      'a cluster entry without a name',
      edited(d => delete d.clusters[0].name),
      /^kubeconfig clusters\[0\]\.name: is missing/,
    ],
    [
      'a cluster entry whose name is a number',
      edited(d => (d.clusters[0].name = 5)),
      /^kubeconfig clusters\[0\]\.name: is missing/,
    ],
    [
      'a numeric server',
      edited(d => (d.clusters[0].cluster.server = 5)),
      /^kubeconfig clusters\[0\]\.cluster\.server: is missing/,
    ],
    [
      'a private key where the CA certificate belongs',
      edited(
        d =>
          (d.clusters[0].cluster['certificate-authority-data'] =
            pem('PRIVATE KEY')),
      ),
      /^kubeconfig clusters\[0\]\.cluster\.certificate-authority-data: is not a base64 PEM certificate/,
    ],
    [
      'base64 after a prefix that is not',
      edited(
        d => (d.clusters[0].cluster['certificate-authority-data'] = `%%%${CA}`),
      ),
      /^kubeconfig clusters\[0\]\.cluster\.certificate-authority-data: is not base64/,
    ],
  ])('%s', (_name, text, expected) => {
    expect(message(text)).toMatch(expected);
  });
});
