/** The per-key token bucket with a manual clock. */
import { TokenBucketRateLimiter } from './token-bucket.rate-limiter';

describe('TokenBucketRateLimiter', () => {
  it('allows a burst, then refills at the per-minute rate, per key', () => {
    let now = 0;
    const limiter = new TokenBucketRateLimiter(60, 3, () => now);
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1, remaining: 0 });
    expect(limiter.take('b').allowed).toBe(true);
    now += 1000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    now += 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a').allowed)).toEqual([true, true, true, false]);
  });

  it('reports whole seconds until the next token', () => {
    let now = 0;
    const limiter = new TokenBucketRateLimiter(6, 1, () => now);
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').retryAfterSeconds).toBe(10);
    now += 9_500;
    expect(limiter.take('a').retryAfterSeconds).toBe(1);
  });
});
