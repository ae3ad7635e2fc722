/** Vectors as SQLite keeps them: float32 values in a BLOB, as Chroma keeps them too. */

export function toBlob(vector: readonly number[]): Buffer {
  return Buffer.from(Float32Array.from(vector).buffer);
}

/** The float32 values of a BLOB, as an array of its own (0.1 reads as 0.10000000149011612: the same float32). */
export function float32Of(blob: Uint8Array): Float32Array {
  // Float32Array needs an offset aligned to 4 bytes; a copy of the bytes starts at 0.
  const bytes = blob.byteOffset % 4 === 0 ? blob : Uint8Array.prototype.slice.call(blob);
  return new Float32Array(bytes.buffer, bytes.byteOffset, blob.byteLength / 4);
}

/** The float32 values of a BLOB as numbers. */
export function fromBlob(blob: Uint8Array): number[] {
  return Array.from(float32Of(blob));
}
