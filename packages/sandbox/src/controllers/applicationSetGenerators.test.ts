import { generateParams } from './applicationSetGenerators';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const secret = (name: string, labels?: Record<string, string>) => ({
  metadata: { name: `cluster-${name}`, labels },
  data: { name: b64(name), server: b64(`https://${name}.example`) },
});
const secrets = [
  secret('a', { env: 'prod', 'profile.arlon.io/demo': 'true' }),
  secret('b', { env: 'dev' }),
  secret('c'),
];
const clusters = (selector: unknown) =>
  generateParams([{ clusters: { selector } }], () => secrets).map(p => p.name);

/**
 * The clusters generator's selector, read as ArgoCD reads a
 * metav1.LabelSelector (arlon-common's labelSelectorObjectRequirements).
 */
describe('clusters generator selector', () => {
  it.each([
    [undefined, ['a', 'b', 'c']],
    [{}, ['a', 'b', 'c']],
    [{ matchLabels: { 'profile.arlon.io/demo': 'true' } }, ['a']],
    [
      {
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['dev', 'prod'] },
        ],
      },
      ['a', 'b'],
    ],
    [
      {
        matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }],
      },
      ['b', 'c'],
    ],
    [{ matchExpressions: [{ key: 'env', operator: 'DoesNotExist' }] }, ['c']],
    // An inherited name is no label: before, `key in labels` found it on every Secret.
    [{ matchExpressions: [{ key: 'constructor', operator: 'Exists' }] }, []],
    [{ matchLabels: { toString: 'x' } }, []],
  ])('%j selects %j', (selector, expected) => {
    expect(clusters(selector)).toEqual(expected);
  });

  it.each([
    // Before, any other operator was read as DoesNotExist.
    [
      { matchExpressions: [{ key: 'env', operator: 'in', values: ['prod'] }] },
      '"in" is not a valid label selector operator',
    ],
    // Before, a TypeError (values.includes of undefined).
    [
      { matchExpressions: [{ key: 'env', operator: 'In' }] },
      "values set can't be empty",
    ],
    [{ matchLabels: { env: 'a b' } }, '"a b" is no label value'],
  ])('fails the ApplicationSet for %j', (selector, reason) => {
    expect(() => clusters(selector)).toThrow(reason);
  });
});
