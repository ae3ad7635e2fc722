/**
 * Classifies what `@qdrant/js-client-rest` (and the fetch under it) throws, and says which failures are
 * worth retrying; the port's `toPortError` turns the classification into the port's error (Qdrant's own
 * messages and the request URL never reach a message).
 *
 * What the client throws (js-client-rest 1.18, @qdrant/openapi-typescript-fetch 1.2):
 * - a non-2xx answer → `ApiError` (`status`, `data` = Qdrant's JSON body `{status: {error}}`);
 *   429 with `Retry-After` → `QdrantClientResourceExhaustedError` (`retry_after` in seconds);
 * - its own timeout → `QdrantClientTimeoutError`; a refused or reset connection → `TypeError: fetch
 *   failed` whose `cause` carries a code such as `ECONNREFUSED`.
 */
import { AppError } from '@kioku/kernel';
import { hasConnectionErrorCode } from '@kioku/remote-service';
import { toPortError, type StoreBackend, type StoreFailure } from '@kioku/vector-store-base';

export const BACKEND = 'qdrant';
const QDRANT: StoreBackend = { name: BACKEND, credentials: 'its API key' };

export type QdrantErrorKind =
  | 'connection'
  | 'timeout'
  | 'rate-limited'
  | 'not-found'
  | 'conflict'
  | 'dimension'
  | 'rejected'
  | 'auth'
  | 'server'
  | 'other';

export function classifyQdrantError(error: unknown): QdrantErrorKind {
  if (error instanceof AppError || error === null || typeof error !== 'object') return 'other';
  const name = (error as { name?: unknown }).name;
  if (name === 'QdrantClientTimeoutError' || name === 'AbortError' || name === 'TimeoutError')
    return 'timeout';
  if (name === 'QdrantClientResourceExhaustedError') return 'rate-limited';
  const status = statusOf(error);
  if (status !== undefined) return classifyStatus(status, serverMessageOf(error));
  if (hasConnectionErrorCode(error)) return 'connection';
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 'connection';
  return 'other';
}

/** Worth another attempt for an idempotent request: the server may not have seen it or was overloaded. */
export function isTransient(kind: QdrantErrorKind): boolean {
  return kind === 'connection' || kind === 'timeout' || kind === 'rate-limited' || kind === 'server';
}

/** The `Retry-After` of a 429, in ms, when Qdrant sent one. */
export function retryAfterMs(error: unknown): number | undefined {
  const seconds = (error as { retry_after?: unknown } | null)?.retry_after;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** The port error for anything thrown while working on `collection` (when there is one). */
export function toStoreError(error: unknown, collection?: string): Error {
  return toPortError(QDRANT, error, qdrantFailureOf(error), collection);
}

function qdrantFailureOf(error: unknown): StoreFailure {
  const kind = classifyQdrantError(error);
  switch (kind) {
    case 'connection':
    case 'timeout':
    case 'rate-limited':
    case 'server':
      return { kind: 'unavailable' };
    case 'conflict':
      return { kind: 'rejected' };
    case 'dimension':
      return { kind, ...(dimensionOf(serverMessageOf(error)) as { expected: number; actual: number }) };
    case 'not-found':
    case 'rejected':
    case 'auth':
    case 'other':
      return { kind };
  }
}

/** Qdrant's error text from an ApiError body (`{"status": {"error": "…"}}`), for classification only. */
export function serverMessageOf(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data === 'string') return data;
  const status = (data as { status?: unknown } | null | undefined)?.status;
  const message = (status as { error?: unknown } | null | undefined)?.error;
  return typeof message === 'string' ? message : '';
}

function classifyStatus(status: number, message: string): QdrantErrorKind {
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate-limited';
  if (status === 408 || status >= 500) return 'server';
  if (status >= 400) {
    if (dimensionOf(message)) return 'dimension';
    // Before 409 existed, Qdrant answered "Wrong input: Collection `x` already exists!" with 400.
    return /already exists/i.test(message) ? 'conflict' : 'rejected';
  }
  return 'other';
}

function statusOf(error: object): number | undefined {
  const status = (error as { status?: unknown }).status;
  // ApiError carries the response headers and status; plain objects with a status are not HTTP answers.
  return typeof status === 'number' && 'headers' in error ? status : undefined;
}

function dimensionOf(message: string): { expected: number; actual: number } | undefined {
  // e.g. "Wrong input: Vector dimension error: expected dim: 3, got 4"
  const match = /expected dim:\s*(\d+),\s*got\s*(\d+)/i.exec(message);
  return match ? { expected: Number(match[1]), actual: Number(match[2]) } : undefined;
}
