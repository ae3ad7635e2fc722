/**
 * Errors every vector-store adapter must throw (translated from its SDK's errors), so that the domain
 * can react without knowing the backend. All are AppErrors with stable codes.
 */
import { AppError } from '@kioku/kernel';

/** The backend cannot be reached or did not answer in time. Transient: retrying later may work. */
export class StoreUnavailableError extends AppError {
  constructor(backend: string, options: { cause?: unknown } = {}) {
    super('STORE_UNAVAILABLE', `The vector store (${backend}) is unavailable. Check that it is running.`, {
      cause: options.cause,
      details: { backend },
    });
  }
}

/** A vector's length differs from the collection's dimension. */
export class DimensionMismatchError extends AppError {
  constructor(collection: string, expected: number, actual: number) {
    super(
      'INVALID_INPUT',
      `Vector dimension ${actual} does not match collection "${collection}" (dimension ${expected}).`,
      { details: { collection, expected, actual } },
    );
  }
}

/** An operation other than `ensureCollection`/`describeCollection` named a collection that does not exist. */
export class CollectionNotFoundError extends AppError {
  constructor(collection: string) {
    super('STORE_UNAVAILABLE', `Collection "${collection}" does not exist.`, { details: { collection } });
  }
}
