import { mapLimit } from './mapLimit';

describe('mapLimit', () => {
  it('keeps the order of the items and never has more than `limit` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimit([30, 5, 20, 1, 10], 2, async ms => {
      most = Math.max(most, ++inFlight);
      await new Promise(r => setTimeout(r, ms));
      inFlight--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20]);
    expect(most).toBe(2);
  });

  it('returns nothing for nothing', async () => {
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });
});
