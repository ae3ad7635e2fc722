/** Deterministic test records whose vectors sit in clusters: neighbours are close and many, so a first pass must rank well. */
import type { VectorRecord } from '@kioku/vector-store';

export const DIMENSION = 64;

/** `count` vectors in 40 clusters, the same for the same seed. */
export function clustered(count: number, seed = 1): number[][] {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  const centres = Array.from({ length: 40 }, () => Array.from({ length: DIMENSION }, random));
  return Array.from({ length: count }, (_, i) => centres[i % 40].map((x) => x + 0.35 * random()));
}

/** A record per vector, ids `m00000`, `m00001`, …, with a little metadata to filter on. */
export function records(vectors: number[][]): VectorRecord[] {
  return vectors.map((vector, i) => ({
    id: `m${String(i).padStart(5, '0')}`,
    vector,
    metadata: { parity: i % 2 === 0 ? 'even' : 'odd', rare: i % 97 === 0, i },
    document: `record ${i}`,
  }));
}
