import { MAX_SELECTOR_LENGTH, matchesSelector } from './matchesSelector';

/**
 * Which clusters a profile is applied to: Kubernetes label selector
 * semantics, term by term, every term required.
 */
describe('matchesSelector semantics', () => {
  const labels = { env: 'prod', tier: 'web' };

  it.each([
    // every term must hold, not any
    ['env=prod,tier=db', false],
    ['env=dev,tier=web', false],
    // spaces around terms, operators and values are allowed
    ['env=prod, tier=web', true],
    ['env = prod ,  tier == web', true],
    ['env  in  (dev, prod)', true],
    ['env in (dev , qa)', false],
    // in: the label must exist with one of the values
    ['env in (dev)', false],
    ['region in (prod)', false],
    // notin: absent, or present with another value
    ['env notin (dev)', true],
    ['region notin (prod)', true],
    ['env notin (dev, prod)', false],
    // != holds for another value and for an absent label
    ['env!=dev', true],
    ['region!=dev', true],
    ['env=', false],
  ])('%s → %s', (selector, expected) => {
    expect(matchesSelector(selector, labels)).toBe(expected);
  });

  it.each(['x env in (prod)', 'env in (prod', 'x env=prod', 'env in prod'])(
    'refuses %j rather than reading part of it',
    selector => {
      expect(() => matchesSelector(selector, labels)).toThrow(
        'Cannot read label selector at',
      );
    },
  );

  it('takes a selector of exactly the maximum length', () => {
    // 341 terms `!a,` and a last `b`: valid terms, since a label value is at
    // most 63 characters (a 1020-character value is refused on its own).
    const selector = `${'!a,'.repeat((MAX_SELECTOR_LENGTH - 1) / 3)}b`;
    expect(selector).toHaveLength(MAX_SELECTOR_LENGTH);
    expect(matchesSelector(selector, labels)).toBe(false);
    expect(() => matchesSelector(`${selector}a`, labels)).toThrow(
      `The label selector is ${MAX_SELECTOR_LENGTH + 1} characters long`,
    );
  });

  it('echoes a 64-character part whole and cuts a longer one', () => {
    const part = `env=~${'b'.repeat(59)}`;
    expect(part).toHaveLength(64);
    expect(() => matchesSelector(part, labels)).toThrow(`at "${part}";`);
    expect(() => matchesSelector(`${part}c`, labels)).toThrow(`at "${part}…";`);
  });
});
