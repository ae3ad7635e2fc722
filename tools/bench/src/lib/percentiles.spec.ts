import { percentile, summarize } from './percentiles';

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 95)).toBeCloseTo(48);
  });

  it('does not depend on the order of the samples', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
  });

  it('gives the extremes at 0 and 100 and the only value of a single sample', () => {
    expect(percentile([3, 9, 1], 0)).toBe(1);
    expect(percentile([3, 9, 1], 100)).toBe(9);
    expect(percentile([7], 95)).toBe(7);
  });

  it('is NaN for no samples and rejects a percentile outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('leaves the input untouched', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('summarize', () => {
  it('reports count, p50, p95, mean and range', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarize(samples)).toEqual({
      count: 100,
      p50: 50.5,
      p95: expect.closeTo(95.05, 5),
      mean: 50.5,
      min: 1,
      max: 100,
    });
  });

  it('is all NaN with a zero count for no samples', () => {
    const summary = summarize([]);
    expect(summary.count).toBe(0);
    expect(summary.p50).toBeNaN();
  });
});
