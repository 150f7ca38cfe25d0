import { matchesSelector } from './matchesSelector';

describe('matchesSelector', () => {
  const labels = { env: 'prod', tier: 'web' };
  it.each([
    ['env=prod', true],
    ['env==prod,tier=web', true],
    ['env!=prod', false],
    ['env in (dev,prod)', true],
    ['env notin (prod)', false],
    ['tier', true],
    ['!tier', false],
    ['region', false],
  ])('%s → %s', (selector, expected) => {
    expect(matchesSelector(selector, labels)).toBe(expected);
  });

  it('explains a selector it cannot read', () => {
    expect(() => matchesSelector('env=~prod', labels)).toThrow(
      'Cannot read label selector at "env=~prod"',
    );
  });
});
