/**
 * The one mapping from what went wrong in a backend to the port's errors. Each adapter classifies its
 * SDK's failure into a `StoreFailure` (it alone knows the SDK's error shapes); this module turns that
 * into the error the port promises. Raw backend messages are never copied into messages (they can hold
 * request URLs, hosts or payload values); the original error is kept as `cause`.
 */
import { AppError } from '@kioku/kernel';
import { CollectionNotFoundError, DimensionMismatchError, StoreUnavailableError } from '@kioku/vector-store';

/** What a backend failure means for the caller, as classified by the adapter. */
export type StoreFailure =
  /** Not reachable, timed out, overloaded or failing on its side: retrying later may work. */
  | { kind: 'unavailable' }
  /** The named collection (or, without one, the endpoint) does not exist. */
  | { kind: 'not-found' }
  /** A vector's length differs from the collection's dimension. */
  | { kind: 'dimension'; expected: number; actual: number }
  /** The backend refused the request as invalid (including a conflict). */
  | { kind: 'rejected' }
  /** The backend refused the credentials. */
  | { kind: 'auth' }
  /** Anything else: a bug or an answer nobody expected. */
  | { kind: 'other' };

/** The backend as named in errors. */
export interface StoreBackend {
  /** e.g. `qdrant`; becomes `details.backend`. */
  readonly name: string;
  /** What to check when it refuses the credentials, e.g. `its API key`. */
  readonly credentials: string;
}

/** The port error for `error`, thrown while working on `collection` (when there is one). */
export function toPortError(
  backend: StoreBackend,
  error: unknown,
  failure: StoreFailure,
  collection?: string,
): Error {
  if (error instanceof AppError) return error;
  const details = { backend: backend.name };
  switch (failure.kind) {
    case 'unavailable':
      return new StoreUnavailableError(backend.name, { cause: error });
    case 'not-found':
      return collection === undefined
        ? new StoreUnavailableError(backend.name, { cause: error })
        : new CollectionNotFoundError(collection);
    case 'dimension':
      return new DimensionMismatchError(collection ?? '', failure.expected, failure.actual);
    case 'auth':
      return new AppError(
        'STORE_UNAVAILABLE',
        `The vector store (${backend.name}) refused the request: check ${backend.credentials}.`,
        { cause: error, details },
      );
    case 'rejected':
      return new AppError(
        'INVALID_INPUT',
        `The vector store (${backend.name}) rejected the request as invalid.`,
        { cause: error, details },
      );
    case 'other':
      return new AppError('INTERNAL', `Unexpected error from the vector store (${backend.name}).`, {
        cause: error,
        details,
      });
  }
}
