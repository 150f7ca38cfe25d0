import { matchesLabelSelector } from './labelSelector';
import { labelSelectorObjectRequirements } from './labelSelectorObject';

/** matchLabels and matchExpressions, as metav1.LabelSelectorAsSelector reads them. */
describe('labelSelectorObjectRequirements', () => {
  const labels = { env: 'prod', tier: 'web' };
  const matches = (selector: unknown) =>
    matchesLabelSelector(labelSelectorObjectRequirements(selector), labels);

  it.each([
    [undefined, true],
    [{}, true],
    [{ matchLabels: { env: 'prod' } }, true],
    [{ matchLabels: { env: 'prod', tier: 'db' } }, false],
    [
      {
        matchExpressions: [
          { key: 'env', operator: 'In', values: ['dev', 'prod'] },
        ],
      },
      true,
    ],
    [
      {
        matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }],
      },
      false,
    ],
    [
      {
        matchExpressions: [{ key: 'region', operator: 'NotIn', values: ['x'] }],
      },
      true,
    ],
    [{ matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, true],
    [{ matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, false],
    [
      {
        matchLabels: { env: 'prod' },
        matchExpressions: [{ key: 'tier', operator: 'In', values: ['db'] }],
      },
      false,
    ],
    // difference: the sandbox's ArgoCD read `key in labels`, so an inherited
    // name such as constructor "existed" on every cluster Secret
    [{ matchExpressions: [{ key: 'constructor', operator: 'Exists' }] }, false],
    [{ matchLabels: { toString: 'x' } }, false],
  ])('%j → %s', (selector, expected) => {
    expect(matches(selector)).toBe(expected);
  });

  it.each([
    // difference: the sandbox's ArgoCD read any other operator as DoesNotExist
    [
      { matchExpressions: [{ key: 'env', operator: 'in', values: ['prod'] }] },
      '"in" is not a valid label selector operator',
    ],
    [
      { matchExpressions: [{ key: 'env', operator: 'In' }] },
      "values set can't be empty",
    ],
    [
      { matchExpressions: [{ key: 'env', operator: 'Exists', values: ['x'] }] },
      'values set must be empty',
    ],
    [
      { matchLabels: JSON.parse('{"__proto__":"x"}') },
      '"__proto__" is no label key',
    ],
    [{ matchLabels: { env: 'a b' } }, '"a b" is no label value'],
    [{ matchLabels: { env: 1 } }, 'values are strings'],
    [{ matchLabels: ['env'] }, 'matchLabels is a map of labels'],
    [{ matchExpressions: {} }, 'matchExpressions is a list'],
    [{ matchExpressions: ['env'] }, 'an expression is {key, operator, values}'],
    [{ matchExpressions: [{ key: 1, operator: 'Exists' }] }, 'key is a string'],
    [
      { matchExpressions: [{ key: 'env', operator: 'In', values: 'prod' }] },
      'values is a list of strings',
    ],
    ['env=prod', 'a label selector is an object'],
  ])('refuses %j', (selector, reason) => {
    expect(() => labelSelectorObjectRequirements(selector)).toThrow(reason);
  });

  it('names the field it stopped at', () => {
    expect(() =>
      labelSelectorObjectRequirements({
        matchExpressions: [
          { key: 'a', operator: 'Exists' },
          { key: '-', operator: 'Exists' },
        ],
      }),
    ).toThrow('Cannot read label selector at "matchExpressions[1]"');
  });
});
