/**
 * Rate per caller: one token bucket per key id (refilled continuously at `perMinute / 60` tokens a
 * second, holding at most `burst`). A request takes one token; an empty bucket answers with the
 * seconds until the next token (for `Retry-After`). The number of buckets is bounded by the number of
 * keys; idle full buckets are dropped when the map grows.
 */
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until a request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
  remaining: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const PRUNE_ABOVE = 10_000;

export class TokenBucketRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.perMs = perMinute / 60_000;
  }

  take(callerId: string): RateDecision {
    const now = this.now();
    const bucket = this.refilled(callerId, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterSeconds: 0, remaining: Math.floor(bucket.tokens) };
    }
    const waitMs = (1 - bucket.tokens) / this.perMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), remaining: 0 };
  }

  private refilled(callerId: string, now: number): Bucket {
    let bucket = this.buckets.get(callerId);
    if (!bucket) {
      if (this.buckets.size >= PRUNE_ABOVE) this.pruneFull(now);
      bucket = { tokens: this.burst, updatedAt: now };
      this.buckets.set(callerId, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.perMs);
    bucket.updatedAt = now;
    return bucket;
  }

  private pruneFull(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.perMs >= this.burst) this.buckets.delete(id);
    }
  }
}
