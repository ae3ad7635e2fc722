/**
 * Classifies what the Chroma client (and the adapter's own HTTP calls) throw; the port's `toPortError`
 * turns the classification into the port's error (raw Chroma messages never reach a message).
 */
import { AppError } from '@kioku/kernel';
import { hasConnectionErrorCode } from '@kioku/remote-service';
import { toPortError, type StoreBackend, type StoreFailure } from '@kioku/vector-store-base';

const BACKEND = 'chroma';
const CHROMA: StoreBackend = { name: BACKEND, credentials: 'its credentials' };

/** Thrown by the adapter's own HTTP calls, shaped like the client's errors. */
export class ChromaHttpError extends Error {
  override readonly name: string;

  constructor(
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`Chroma answered HTTP ${status}`);
    this.name =
      status === 404 ? 'ChromaNotFoundError' : status >= 500 ? 'ChromaServerError' : 'ChromaClientError';
  }
}

/** A request that did not finish within the configured timeout. */
export class ChromaTimeoutError extends Error {
  override readonly name = 'ChromaTimeoutError';

  constructor(readonly timeoutMs: number) {
    super(`Chroma did not answer within ${timeoutMs} ms`);
  }
}

export type ErrorKind = 'connection' | 'not-found' | 'dimension' | 'rejected' | 'auth' | 'server' | 'other';

export function classifyChromaError(error: unknown): ErrorKind {
  if (error instanceof AppError) return 'other';
  const name = (error as { name?: unknown })?.name;
  if (
    name === 'ChromaConnectionError' ||
    name === 'ChromaTimeoutError' ||
    name === 'AbortError' ||
    name === 'TimeoutError'
  ) {
    return 'connection';
  }
  if (hasConnectionErrorCode(error)) return 'connection';
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 'connection';
  if (name === 'ChromaNotFoundError') return 'not-found';
  if (name === 'ChromaUnauthorizedError' || name === 'ChromaAuthError' || name === 'ChromaForbiddenError')
    return 'auth';
  if (name === 'ChromaClientError' || name === 'ChromaValueError' || name === 'InvalidArgumentError') {
    return dimensionOf(error) ? 'dimension' : 'rejected';
  }
  if (name === 'ChromaServerError' || name === 'ChromaRateLimitError') return 'server';
  return 'other';
}

/**
 * How long to wait before trying an idempotent call again after this failure, or undefined when it
 * is not worth another try. A lost connection gets two quick retries (the embedded store then
 * restarts a dead server itself). The Chroma 1.0 server fails reads while a concurrent write flushes
 * a collection's HNSW segment ("Error creating hnsw segment reader: Nothing found on disk"); under
 * load across several processes that lasts seconds (seen in the three-replica load test), so those
 * reads back off: 0.1, 0.2, 0.4, 0.8, 1.6 s, then give up.
 */
export function chromaRetryDelayMs(error: unknown, attempt: number): number | undefined {
  const kind = classifyChromaError(error);
  if (kind === 'connection') return attempt <= 2 ? 200 : undefined;
  if (kind !== 'server' && kind !== 'other') return undefined;
  const text = [
    (error as { message?: unknown })?.message,
    (error as { serverMessage?: unknown })?.serverMessage,
  ]
    .filter((t): t is string => typeof t === 'string')
    .join(' ');
  if (!/hnsw segment reader|Nothing found on disk/i.test(text)) return undefined;
  return attempt <= 5 ? 100 * 2 ** (attempt - 1) : undefined;
}

/** The port error for anything thrown while working on `collection` (if any). */
export function toStoreError(error: unknown, collection?: string): Error {
  return toPortError(CHROMA, error, chromaFailureOf(error), collection);
}

function chromaFailureOf(error: unknown): StoreFailure {
  const kind = classifyChromaError(error);
  switch (kind) {
    case 'connection':
    case 'server':
      return { kind: 'unavailable' };
    case 'dimension':
      return { kind, ...(dimensionOf(error) as { expected: number; actual: number }) };
    case 'not-found':
    case 'rejected':
    case 'auth':
    case 'other':
      return { kind };
  }
}

function dimensionOf(error: unknown): { expected: number; actual: number } | undefined {
  const text = [
    (error as { message?: unknown })?.message,
    (error as { serverMessage?: unknown })?.serverMessage,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
  const match = /expecting embedding with dimension of (\d+), got (\d+)/i.exec(text);
  return match ? { expected: Number(match[1]), actual: Number(match[2]) } : undefined;
}
