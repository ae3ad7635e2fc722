/**
 * How a kioku record is laid out in a Qdrant point, and back.
 *
 * Payload = the record's metadata, flat, plus reserved keys:
 * - `_kioku_id`: the original record id (the point id is its UUIDv5, see `qdrant-point-id.mapper.ts`);
 * - `_kioku_document`: the document text (no full-text index on purpose, see `qdrant-filter.translator.ts`);
 * - `_kioku_norm`: the Euclidean length of the vector as written;
 * - `_kioku_lexical` (lexical collections only): the version of the sparse encoding the point's `text`
 *   vector was written with (`qdrant-sparse-vector.encoder.ts`), so a repair finds points that lack it.
 *
 * Vectors: a plain collection has one unnamed dense vector; a lexical collection adds the named sparse
 * vector `text`, and a point then carries `{"": dense, "text": sparse}` (`""` is Qdrant's name for the
 * unnamed vector), written in the same request.
 *
 * Why the norm: a Cosine collection stores vectors normalised to unit length
 * (https://qdrant.tech/documentation/concepts/collections/ — "vectors are automatically normalized"),
 * so reading a vector back gives its direction only. The adapter normalises vectors itself (in double
 * precision, and also those whose length is below Qdrant's float epsilon, which Qdrant would leave
 * unnormalised), stores the length, and multiplies it back when a vector is read.
 *
 * Metadata keys are stored as they are, except keys that would clash with the reserved prefix or that a
 * Qdrant filter key cannot express (a `"` or `\` — Qdrant's key paths allow quoted segments without
 * escapes, see `qdrant-filter.translator.ts`). Those are stored as `_kioku_key_<base64url of the key>`
 * and decoded on the way out, so no metadata key is ever rejected or lost.
 */
import type { Metadata, MetadataValue, StoredRecord, VectorRecord } from '@kioku/vector-store';
import { pointIdOf } from './qdrant-point-id.mapper';
import { SPARSE_ENCODING_VERSION, TEXT_VECTOR, type SparseVector } from './qdrant-sparse-vector.encoder';

/** Prefix of every payload key the adapter owns. Metadata keys never start with it once encoded. */
const RESERVED_PREFIX = '_kioku_';
export const ID_KEY = '_kioku_id';
export const DOCUMENT_KEY = '_kioku_document';
export const NORM_KEY = '_kioku_norm';
export const LEXICAL_KEY = '_kioku_lexical';
/** Qdrant's name of the unnamed (default) dense vector inside a named-vector map. */
const DENSE_VECTOR = '';
const ENCODED_KEY_PREFIX = '_kioku_key_';

export type Payload = Record<string, MetadataValue>;

/** A metadata key as it is stored in the payload (and used in filter keys). */
export function payloadKeyOf(metadataKey: string): string {
  if (metadataKey.startsWith(RESERVED_PREFIX) || /["\\]/.test(metadataKey)) {
    return ENCODED_KEY_PREFIX + Buffer.from(metadataKey, 'utf8').toString('base64url');
  }
  return metadataKey;
}

/** The metadata key a payload key stands for, or null for the adapter's own keys. */
export function metadataKeyOf(payloadKey: string): string | null {
  if (payloadKey.startsWith(ENCODED_KEY_PREFIX)) {
    return Buffer.from(payloadKey.slice(ENCODED_KEY_PREFIX.length), 'base64url').toString('utf8');
  }
  return payloadKey.startsWith(RESERVED_PREFIX) ? null : payloadKey;
}

/** Payload keys for record metadata (used by `upsert` and `patchMetadata`). */
export function encodeMetadata(metadata: Metadata): Payload {
  const payload: Payload = {};
  for (const [key, value] of Object.entries(metadata)) payload[payloadKeyOf(key)] = value;
  return payload;
}

/** The full payload of a record: its metadata plus the reserved keys. */
export function encodePayload(
  record: { id: string; metadata: Metadata; document: string },
  norm: number,
): Payload {
  return {
    ...encodeMetadata(record.metadata),
    [ID_KEY]: record.id,
    [DOCUMENT_KEY]: record.document,
    [NORM_KEY]: norm,
  };
}

/**
 * The point for a record: unit dense vector and payload, plus the sparse `text` vector and its
 * encoding version when the collection is lexical (one point, one write).
 */
export function encodePoint(
  record: VectorRecord,
  sparse?: SparseVector,
): { id: string; vector: number[] | Record<string, number[] | SparseVector>; payload: Payload } {
  const { unit, norm } = toUnitVector(record.vector);
  const payload = encodePayload(record, norm);
  if (!sparse) return { id: pointIdOf(record.id), vector: unit, payload };
  return {
    id: pointIdOf(record.id),
    vector: { [DENSE_VECTOR]: unit, [TEXT_VECTOR]: sparse },
    payload: { ...payload, [LEXICAL_KEY]: SPARSE_ENCODING_VERSION },
  };
}

/** Euclidean length, in double precision. */
export function vectorNorm(vector: readonly number[]): number {
  let sum = 0;
  for (const x of vector) sum += x * x;
  return Math.sqrt(sum);
}

/** The vector scaled to unit length, and its length (a zero vector stays zero, length 0). */
export function toUnitVector(vector: readonly number[]): { unit: number[]; norm: number } {
  const norm = vectorNorm(vector);
  return { unit: norm === 0 ? vector.slice() : vector.map((x) => x / norm), norm };
}

/** A point as Qdrant returns it from retrieve, scroll or query (only the parts the adapter reads). */
export interface PointLike {
  id: string | number;
  payload?: Record<string, unknown> | null;
  vector?: unknown;
}

/**
 * The record a point stands for. Points written outside kioku (no `_kioku_id`) keep their point id as
 * record id and an empty document; payload values that are not flat scalars are skipped.
 */
export function decodePoint(point: PointLike, includeVector: boolean): StoredRecord {
  const payload = point.payload ?? {};
  const id = payload[ID_KEY];
  const document = payload[DOCUMENT_KEY];
  const metadata: Metadata = {};
  for (const [key, value] of Object.entries(payload)) {
    const metadataKey = metadataKeyOf(key);
    if (metadataKey !== null && isScalar(value)) metadata[metadataKey] = value;
  }
  const record: StoredRecord = {
    id: typeof id === 'string' ? id : String(point.id),
    metadata,
    document: typeof document === 'string' ? document : '',
  };
  if (includeVector) {
    const vector = vectorOf(point.vector);
    if (vector) {
      const norm = payload[NORM_KEY];
      record.vector =
        typeof norm === 'number' && Number.isFinite(norm) ? vector.map((x) => x * norm) : vector;
    }
  }
  return record;
}

/** Cosine distance (0 same direction … 2 opposite) from a Qdrant Cosine score (1 … −1). */
export function distanceFromScore(score: number): number {
  // Scores are float32 dot products of unit vectors: an identical vector can score 1.0000001.
  return Math.min(2, Math.max(0, 1 - score));
}

function vectorOf(raw: unknown): number[] | undefined {
  // One unnamed dense vector comes back as a plain array; next to the sparse `text` vector, as a map.
  const dense =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)[DENSE_VECTOR]
      : raw;
  if (Array.isArray(dense) && dense.every((x): x is number => typeof x === 'number')) return dense.slice();
  return undefined;
}

function isScalar(value: unknown): value is MetadataValue {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}
