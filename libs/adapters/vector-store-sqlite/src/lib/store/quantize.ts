/**
 * A vector as one byte per component, for the first pass of the search (`quantized-vectors.ts`): each
 * vector is scaled so that its largest component is ±127. Cosine ignores length, so nothing is lost to
 * a common scale; a zero vector stays zero.
 */

export function quantize(vector: ArrayLike<number>): Int8Array {
  const code = new Int8Array(vector.length);
  let largest = 0;
  for (let i = 0; i < vector.length; i++) largest = Math.max(largest, Math.abs(vector[i]));
  const scale = largest === 0 ? 0 : 127 / largest;
  for (let i = 0; i < vector.length; i++) code[i] = Math.round(vector[i] * scale);
  return code;
}
