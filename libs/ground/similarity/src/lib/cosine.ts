/** Vector math shared by adapters and the domain. */

/** Vectors may be plain arrays or typed arrays (a store's float32 vectors). */
export type VectorLike = ArrayLike<number>;

export function dot(a: VectorLike, b: VectorLike): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

export function norm(a: VectorLike): number {
  return Math.sqrt(dot(a, a));
}

/** The vector scaled to unit length (a zero vector stays zero). */
export function normalize(a: readonly number[]): number[] {
  const n = norm(a);
  return n === 0 ? a.slice() : a.map((x) => x / n);
}

/** 1 − cosine similarity; 1 when either vector is zero. */
export function cosineDistance(a: VectorLike, b: VectorLike): number {
  return cosineDistanceWithNorms(a, norm(a), b, norm(b));
}

/** cosineDistance with both lengths known (a store that keeps each record's length does one dot product). */
export function cosineDistanceWithNorms(a: VectorLike, aNorm: number, b: VectorLike, bNorm: number): number {
  const denominator = aNorm * bNorm;
  return denominator === 0 ? 1 : 1 - dot(a, b) / denominator;
}

/**
 * cosineDistance of a stored float32 vector to a query whose length is known, in one pass over
 * both: a store ranking many candidates against one query (typed arrays keep the loop monomorphic).
 */
export function cosineDistanceToQuery(query: Float64Array, queryNorm: number, vector: Float32Array): number {
  let product = 0;
  let squares = 0;
  for (let i = 0; i < query.length; i++) {
    const component = vector[i];
    product += query[i] * component;
    squares += component * component;
  }
  const denominator = queryNorm * Math.sqrt(squares);
  return denominator === 0 ? 1 : 1 - product / denominator;
}
