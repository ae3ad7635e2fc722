/**
 * Bounded retries with exponential backoff for idempotent Qdrant requests.
 *
 * Every request the adapter sends is idempotent by construction except collection creation (which the
 * adapter handles through "already exists"): upserts carry deterministic UUIDv5 point ids, deletes and
 * payload patches name their points or filter, reads change nothing. So a request that failed in
 * transit, timed out, hit a 429 or a 5xx (e.g. a cluster peer restarting, a shard transfer) can be sent
 * again safely. Other failures (4xx, missing collection) are returned at once.
 */
import { classifyQdrantError, isTransient, retryAfterMs } from './qdrant.errors';

export interface RetryOptions {
  /** Retries after the first attempt (default 2, so at most 3 attempts). 0 disables retries. */
  maxRetries?: number;
  /** Delay before the first retry in ms (default 200); doubles on every further retry. */
  baseDelayMs?: number;
  /** Upper bound of any single delay in ms, also for a server's `Retry-After` (default 5 000). */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxRetries: 2, baseDelayMs: 200, maxDelayMs: 5_000 };

/**
 * The delay before retry number `retry` (1-based) after `error`, or undefined when the request must not
 * be retried. `jitter` in [0, 1) spreads concurrent clients (up to +25 %).
 */
export function retryDelayMs(
  error: unknown,
  retry: number,
  options: Required<RetryOptions>,
  jitter = 0,
): number | undefined {
  if (retry > options.maxRetries) return undefined;
  if (!isTransient(classifyQdrantError(error))) return undefined;
  const backoff = options.baseDelayMs * 2 ** (retry - 1) * (1 + 0.25 * jitter);
  const requested = retryAfterMs(error);
  return Math.min(options.maxDelayMs, Math.max(backoff, requested ?? 0));
}

/** Runs `attempt` until it succeeds or `retryDelayMs` says stop; `onRetry` is told before each wait. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  options: Required<RetryOptions>,
  onRetry?: (retry: number, delayMs: number, error: unknown) => void,
): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = retryDelayMs(error, retry, options, Math.random());
      if (delay === undefined) throw error;
      onRetry?.(retry, delay, error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
