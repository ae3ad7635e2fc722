import { coveredDenseWeight, lexicalCoverage } from './fusion';

describe('coverage of the query by the best lexical hit', () => {
  it('is whole when the best hit holds two or more query terms, or the query has at most one', () => {
    expect(lexicalCoverage(['renew', 'travel', 'document'], ['travel', 'document', 'lost'])).toBe(1);
    expect(lexicalCoverage(['passport'], ['passport'])).toBe(1);
    expect(lexicalCoverage([], ['anything'])).toBe(1);
  });

  it('is the share held when the best hit holds one term of several (repeated terms count once)', () => {
    expect(lexicalCoverage(['renew', 'travel', 'document', 'renew'], ['gym', 'renew'])).toBeCloseTo(1 / 3);
    expect(lexicalCoverage(['a', 'b'], ['b'])).toBe(0.5);
  });

  it('raises the dense weight as the coverage falls, keeping it at full coverage and at the ends', () => {
    expect(coveredDenseWeight(0.3, 1)).toBeCloseTo(0.3);
    expect(coveredDenseWeight(0.3, 0.25)).toBeCloseTo(0.3 / (0.3 + 0.7 * 0.25));
    expect(coveredDenseWeight(0.3, 0)).toBe(1);
    expect(coveredDenseWeight(0, 0.25)).toBe(0);
    expect(coveredDenseWeight(1, 0.25)).toBe(1);
  });
});
