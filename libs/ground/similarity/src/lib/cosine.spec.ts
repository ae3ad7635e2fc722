import { cosineDistance, cosineDistanceToQuery, norm } from './cosine';

/** A deterministic vector of `length` components in [-1, 1). */
function vectorOf(length: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2 - 1;
  });
}

describe('cosineDistanceToQuery', () => {
  it('gives the same distance as cosineDistance, to the last bit, for float32 vectors', () => {
    const query = vectorOf(768, 1);
    for (let seed = 2; seed < 50; seed++) {
      const stored = Float32Array.from(vectorOf(768, seed));
      expect(cosineDistanceToQuery(Float64Array.from(query), norm(query), stored)).toBe(
        cosineDistance(query, stored),
      );
    }
  });

  it('is 0 for the same direction, 2 for the opposite one, and 1 when either vector is zero', () => {
    const query = Float64Array.from([3, 4]);
    expect(cosineDistanceToQuery(query, 5, Float32Array.from([6, 8]))).toBeCloseTo(0, 12);
    expect(cosineDistanceToQuery(query, 5, Float32Array.from([-3, -4]))).toBeCloseTo(2, 12);
    expect(cosineDistanceToQuery(query, 5, new Float32Array(2))).toBe(1);
    expect(cosineDistanceToQuery(new Float64Array(2), 0, Float32Array.from([1, 2]))).toBe(1);
  });
});
