/**
 * Synthetic neighbours of real embeddings, for filling large benchmark namespaces without embedding
 * every text: a unit vector plus isotropic Gaussian noise, re-normalised. In d dimensions, noise of
 * standard deviation σ per component leaves an expected cosine similarity of about 1 / √(1 + σ²·d),
 * so σ is chosen from the wanted cosine distance.
 */
import type { SeededRandom } from './seeded-random';

/** The noise level that moves a unit vector in `dimension` dimensions by about `distance` (cosine). */
export function noiseForDistance(distance: number, dimension: number): number {
  if (!(distance >= 0 && distance < 1))
    throw new RangeError(`distance must be within [0, 1), got ${distance}`);
  return Math.sqrt((1 / (1 - distance) ** 2 - 1) / dimension);
}

/** A new unit vector at about `distance` (cosine) from the unit vector `source`. */
export function perturbUnitVector(
  source: readonly number[],
  distance: number,
  random: SeededRandom,
): number[] {
  const sigma = noiseForDistance(distance, source.length);
  const moved = source.map((x) => x + sigma * random.gaussian());
  return normalize(moved);
}

export function normalize(vector: readonly number[]): number[] {
  const length = Math.hypot(...vector);
  if (length === 0) throw new RangeError('cannot normalise a zero vector');
  return vector.map((x) => x / length);
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return dot / Math.sqrt(aa * bb);
}
