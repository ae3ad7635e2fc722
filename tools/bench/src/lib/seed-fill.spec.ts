import { fillsOf, seedFill } from './seed-fill';

describe('seedFill', () => {
  it('fills for real while the budget lasts, synthetic after', () => {
    expect(seedFill(10_000, 59, 60)).toBe('real');
    expect(seedFill(10_000, 61, 60)).toBe('synthetic');
  });

  it('fills a size as the run compared with it did, whatever this engine could afford', () => {
    const fills = fillsOf({
      sizes: [
        { size: 1_000, fill: 'real' },
        { size: 10_000, fill: 'synthetic' },
      ] as never,
    });
    expect(fills).toEqual({ 1000: 'real', 10000: 'synthetic' });
    expect(seedFill(10_000, 5, 60, fills)).toBe('synthetic');
    expect(seedFill(1_000, 500, 60, fills)).toBe('real');
    expect(seedFill(100_000, 5, 60, fills)).toBe('real');
  });
});
