import { closeNames, withinDistance } from './closeNames';

describe('closeNames', () => {
  it('suggests typos, prefixes and extensions', () => {
    expect(
      closeNames('web-bundel', ['web-bundle', 'db', 'monitoring']),
    ).toEqual(['web-bundle']);
    expect(closeNames('web', ['web-extra', 'database'])).toEqual(['web-extra']);
    expect(closeNames('nothing-alike', ['web', 'db'])).toEqual([]);
  });

  it('suggests nothing for an empty name (every name would contain it)', () => {
    expect(closeNames('', ['web', 'db'])).toEqual([]);
  });

  it('suggests for names of up to 63 characters (a DNS label), none beyond', () => {
    const longest = `web-${'x'.repeat(59)}`;
    expect(closeNames(longest, ['web', 'db'])).toEqual(['web']);
    expect(closeNames(`${longest}x`, ['web', 'db'])).toEqual([]);
  });

  it('suggests candidates of up to 63 characters, none longer', () => {
    const longest = `web-${'x'.repeat(59)}`;
    expect(closeNames('web', [longest, `${longest}x`])).toEqual([longest]);
  });

  it('measures edit distance exactly up to the bound', () => {
    expect(withinDistance('kitten', 'sitting', 3)).toBe(true);
    expect(withinDistance('kitten', 'sitting', 2)).toBe(false);
    expect(withinDistance('abc', 'abc', 0)).toBe(true);
    expect(withinDistance('', 'ab', 2)).toBe(true);
  });
});
