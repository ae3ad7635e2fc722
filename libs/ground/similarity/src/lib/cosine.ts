/** Vector math shared by adapters and the domain. */

export function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

export function norm(a: readonly number[]): number {
  return Math.sqrt(dot(a, a));
}

/** The vector scaled to unit length (a zero vector stays zero). */
export function normalize(a: readonly number[]): number[] {
  const n = norm(a);
  return n === 0 ? a.slice() : a.map((x) => x / n);
}

/** 1 − cosine similarity; 1 when either vector is zero. */
export function cosineDistance(a: readonly number[], b: readonly number[]): number {
  return cosineDistanceWithNorms(a, norm(a), b, norm(b));
}

/** cosineDistance with both lengths known (a store that keeps each record's length does one dot product). */
export function cosineDistanceWithNorms(
  a: readonly number[],
  aNorm: number,
  b: readonly number[],
  bNorm: number,
): number {
  const denominator = aNorm * bNorm;
  return denominator === 0 ? 1 : 1 - dot(a, b) / denominator;
}
