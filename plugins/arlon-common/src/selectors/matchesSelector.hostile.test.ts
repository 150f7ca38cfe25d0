import { MAX_SELECTOR_LENGTH, matchesSelector } from './matchesSelector';

/** Selectors from a request body: only a cluster's own labels match, and size is bounded. */
describe('matchesSelector, hostile', () => {
  const labels = { env: 'prod' };

  it.each(['constructor', 'toString', 'hasOwnProperty'])(
    'the inherited name %s is no label: it selects nothing, and its negation everything',
    key => {
      expect(matchesSelector(key, labels)).toBe(false);
      expect(matchesSelector(`!${key}`, labels)).toBe(true);
      expect(matchesSelector(`${key} in (x)`, labels)).toBe(false);
      expect(matchesSelector(`${key} notin (x)`, labels)).toBe(true);
      expect(matchesSelector(`${key}=`, labels)).toBe(false);
    },
  );

  it('refuses __proto__ in every form: it is no label key (a name starts with a letter or digit)', () => {
    for (const selector of [
      '__proto__',
      '!__proto__',
      '__proto__ in (x)',
      '__proto__ notin (x)',
      '__proto__=',
    ])
      expect(() => matchesSelector(selector, labels)).toThrow(
        /^Cannot read label selector at "!?__proto__.*"__proto__" is no label key/,
      );
  });

  it('refuses a selector over the limit with a 400 that does not echo it', () => {
    const selector = `env=${'a'.repeat(MAX_SELECTOR_LENGTH)}`;
    let error: any;
    try {
      matchesSelector(selector, labels);
    } catch (e) {
      error = e;
    }
    expect(error?.name).toBe('InputError');
    expect(error.message).toMatch(/more than the 1024 allowed/);
    expect(error.message).not.toContain('a'.repeat(65));
  });

  it('echoes at most a short prefix of a part it cannot read', () => {
    const part = `env=~${'b'.repeat(500)}`;
    expect(() => matchesSelector(part, labels)).toThrow(/at "env=~b{59}…"/);
  });
});
