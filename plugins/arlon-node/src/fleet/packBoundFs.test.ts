import { inflatedLimit } from './packBoundFs';

const GiB = 2 ** 30;

describe('inflatedLimit', () => {
  it('holds a small pack to the fixed limit, so a bomb of a few hundred bytes is refused', () => {
    expect(inflatedLimit(400, GiB)).toBe(GiB);
    expect(inflatedLimit(64 * 1024, GiB)).toBe(GiB);
  });

  it("lets a fleet's history inflate past it at the ratios trees reach", () => {
    // About 2,300 commits at 10,000 clusters: 1.2 MB of pack, 1 GiB and more inflated.
    expect(inflatedLimit(1.2e6, GiB)).toBeGreaterThan(1.2e6 * 4_000);
    expect(inflatedLimit(1.2e6, GiB)).toBeLessThan(1.2e6 * 100_000);
  });
});
