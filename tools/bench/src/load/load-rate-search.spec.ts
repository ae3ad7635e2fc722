import { RateSearch } from './load-rate-search';

/** Runs the search against a service whose real limit is `limit` requests/s. */
function search(limit: number, firstRate: number, maxTrials = 8) {
  const rateSearch = new RateSearch(firstRate, maxTrials);
  const tried: number[] = [];
  for (let rate = rateSearch.next(); rate !== undefined; rate = rateSearch.next()) {
    tried.push(rate);
    rateSearch.record(rate, rate <= limit);
  }
  return { found: rateSearch.found, tried };
}

describe('RateSearch', () => {
  it('doubles while runs pass, then bisects to within 10 % of the limit', () => {
    const { found, tried } = search(55, 10);
    expect(tried.slice(0, 4)).toEqual([10, 20, 40, 80]);
    expect(found).toBeLessThanOrEqual(55);
    expect(found).toBeGreaterThan(55 / 1.1);
  });

  it('halves while runs fail', () => {
    const { found, tried } = search(6, 40);
    expect(tried.slice(0, 4)).toEqual([40, 20, 10, 5]);
    expect(found).toBeGreaterThan(6 / 1.1);
    expect(found).toBeLessThanOrEqual(6);
  });

  it('finds nothing when even the lowest rate fails, and stops', () => {
    expect(search(0.1, 4)).toEqual({ found: undefined, tried: [4, 2, 1, 0.5] });
  });

  it('stops after the most trials, keeping the best rate that passed', () => {
    const { found, tried } = search(1000, 10, 3);
    expect(tried).toEqual([10, 20, 40]);
    expect(found).toBe(40);
  });
});
