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
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 1 : 1 - dot(a, b) / denominator;
}
