import { SeededRandom } from './seeded-random';
import { cosineSimilarity, noiseForDistance, normalize, perturbUnitVector } from './vector-perturbation';

function randomUnitVector(dimension: number, random: SeededRandom): number[] {
  return normalize(Array.from({ length: dimension }, () => random.gaussian()));
}

describe('perturbUnitVector', () => {
  const random = new SeededRandom(11);
  const source = randomUnitVector(768, random);

  it('returns a unit vector of the same dimension', () => {
    const moved = perturbUnitVector(source, 0.1, random);
    expect(moved).toHaveLength(768);
    expect(Math.hypot(...moved)).toBeCloseTo(1, 10);
  });

  it('lands near the requested cosine distance', () => {
    for (const distance of [0.05, 0.1, 0.2]) {
      const moved = perturbUnitVector(source, distance, random);
      expect(1 - cosineSimilarity(source, moved)).toBeCloseTo(distance, 1);
    }
  });

  it('gives different neighbours on each call and leaves the source unchanged', () => {
    const copy = [...source];
    const a = perturbUnitVector(source, 0.1, random);
    const b = perturbUnitVector(source, 0.1, random);
    expect(a).not.toEqual(b);
    expect(source).toEqual(copy);
  });

  it('is reproducible for the same seed', () => {
    expect(perturbUnitVector(source, 0.1, new SeededRandom(5))).toEqual(
      perturbUnitVector(source, 0.1, new SeededRandom(5)),
    );
  });
});

describe('noiseForDistance', () => {
  it('is zero for no move and rejects distances outside [0, 1)', () => {
    expect(noiseForDistance(0, 768)).toBe(0);
    expect(() => noiseForDistance(1, 768)).toThrow(RangeError);
    expect(() => noiseForDistance(-0.1, 768)).toThrow(RangeError);
  });
});

describe('normalize', () => {
  it('refuses a zero vector', () => {
    expect(() => normalize([0, 0])).toThrow(RangeError);
  });
});
