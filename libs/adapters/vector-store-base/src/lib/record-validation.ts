/**
 * Input checks every adapter runs before touching its backend, so that a bad batch fails as a whole with a
 * clear INVALID_INPUT error instead of a partial write or an opaque server message.
 */
import { AppError } from '@kioku/kernel';
import { DimensionMismatchError, type Metadata, type VectorRecord } from '@kioku/vector-store';

export function assertCollectionName(name: string): void {
  if (typeof name !== 'string' || name.length === 0)
    throw AppError.invalidInput('A collection name is required.');
}

export function assertDimension(dimension: number): void {
  if (!Number.isInteger(dimension) || dimension < 1) {
    throw AppError.invalidInput('A collection dimension must be a positive integer.', { dimension });
  }
}

export function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw AppError.invalidInput('limit must be a positive integer.');
}

/** `dimension` 0 means unknown (a collection not created by kioku): only the server checks then. */
export function assertVector(collection: string, dimension: number, vector: number[]): void {
  if (!Array.isArray(vector)) throw AppError.invalidInput('A vector must be an array of numbers.');
  if (dimension > 0 && vector.length !== dimension) {
    throw new DimensionMismatchError(collection, dimension, vector.length);
  }
  if (vector.length === 0 || !vector.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw AppError.invalidInput('A vector must be a non-empty array of finite numbers.');
  }
}

export function assertMetadata(metadata: Metadata): void {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw AppError.invalidInput('Metadata must be a flat object.');
  }
  for (const [key, value] of Object.entries(metadata)) {
    const ok =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value));
    if (!ok) {
      throw AppError.invalidInput(`Metadata "${key}" must be a string, a finite number or a boolean.`, {
        key,
      });
    }
  }
}

export function assertRecordShape(record: VectorRecord): void {
  if (typeof record.id !== 'string' || record.id.length === 0) {
    throw AppError.invalidInput('A record id must be a non-empty string.');
  }
  if (typeof record.document !== 'string') throw AppError.invalidInput('A record document must be a string.');
  assertMetadata(record.metadata);
}

/** What a `rewrite` change returned for the record `id`: a record with that same id. */
export function assertSameId(id: string, record: VectorRecord): VectorRecord {
  if (record.id !== id)
    throw AppError.invalidInput('A rewrite must return a record with the id it was given.');
  return record;
}
