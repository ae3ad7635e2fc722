/**
 * Every Chroma call goes through `withRetries`: a per-request timeout, and for idempotent calls
 * (reads, collection lookups) further attempts after the transient failures `chromaRetryDelayMs` names
 * (a lost connection; the 1.0 server's "hnsw segment reader" failure while a write flushes). Writes are
 * sent once: a lost answer could hide a success.
 */
import { delay } from '@kioku/kernel';
import { ChromaTimeoutError, chromaRetryDelayMs } from './chroma.errors';

export interface ChromaRetryOptions {
  /** Per-attempt timeout in ms. */
  timeoutMs: number;
  /** Whether the call may be sent again. */
  idempotent: boolean;
  /** Told about each retry (for a debug log). */
  onRetry?: (attempt: number) => void;
}

/** Runs `call` with the timeout, retrying an idempotent call after a transient failure. */
export async function withRetries<T>(call: () => Promise<T>, options: ChromaRetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTimeout(call(), options.timeoutMs);
    } catch (error) {
      const wait = options.idempotent ? chromaRetryDelayMs(error, attempt) : undefined;
      if (wait === undefined) throw error;
      options.onRetry?.(attempt);
      await delay(wait);
    }
  }
}

/** `promise`, or a ChromaTimeoutError once `timeoutMs` has passed (the timer never outlives the call). */
function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChromaTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
