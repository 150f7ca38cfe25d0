import { closeNames } from './closeNames';

const HUGE = 'a'.repeat(250 * 1024);

describe('closeNames with hostile names', () => {
  it('suggests nothing for a 250 KB name, at once, even against thousands of candidates', () => {
    const candidates = Array.from({ length: 10_000 }, (_, i) => `cluster-${i}`);
    const started = Date.now();
    expect(closeNames(HUGE, candidates)).toEqual([]);
    // Loose bound: the old unbounded edit distance took seconds here.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('skips candidates that are themselves huge (a hand-pushed definition)', () => {
    const started = Date.now();
    expect(closeNames('web', [HUGE, `${HUGE}web`, 'web-1'])).toEqual(['web-1']);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
