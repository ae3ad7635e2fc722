import { QdrantClientResourceExhaustedError } from '@qdrant/js-client-rest';
import { DEFAULT_RETRY, retryDelayMs, withRetries } from './qdrant-retry.policy';

const transient = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
const notFound = Object.assign(new Error('Not Found'), { status: 404, headers: new Headers() });

describe('retryDelayMs', () => {
  it('backs off exponentially for transient failures, up to maxRetries', () => {
    expect(retryDelayMs(transient, 1, DEFAULT_RETRY)).toBe(200);
    expect(retryDelayMs(transient, 2, DEFAULT_RETRY)).toBe(400);
    expect(retryDelayMs(transient, 3, DEFAULT_RETRY)).toBeUndefined();
  });

  it('adds at most 25 % jitter and never exceeds maxDelayMs', () => {
    expect(retryDelayMs(transient, 1, DEFAULT_RETRY, 0.999)).toBeCloseTo(250, 0);
    const options = { maxRetries: 10, baseDelayMs: 200, maxDelayMs: 1_000 };
    expect(retryDelayMs(transient, 8, options)).toBe(1_000);
  });

  it('waits at least as long as a 429 asks, within maxDelayMs', () => {
    expect(retryDelayMs(new QdrantClientResourceExhaustedError('Too Many', '1'), 1, DEFAULT_RETRY)).toBe(
      1_000,
    );
    expect(retryDelayMs(new QdrantClientResourceExhaustedError('Too Many', '60'), 1, DEFAULT_RETRY)).toBe(
      5_000,
    );
  });

  it('never retries answers that will not change: 4xx, missing collections, unknown errors', () => {
    expect(retryDelayMs(notFound, 1, DEFAULT_RETRY)).toBeUndefined();
    expect(retryDelayMs(new Error('boom'), 1, DEFAULT_RETRY)).toBeUndefined();
  });

  it('maxRetries 0 disables retries', () => {
    expect(retryDelayMs(transient, 1, { ...DEFAULT_RETRY, maxRetries: 0 })).toBeUndefined();
  });
});

describe('withRetries', () => {
  const fast = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 };

  it('returns the first success after transient failures and reports each retry', async () => {
    const attempt = jest
      .fn()
      .mockRejectedValueOnce(transient)
      .mockRejectedValueOnce(transient)
      .mockResolvedValue('ok');
    const retries: number[] = [];
    await expect(withRetries(attempt, fast, (retry) => retries.push(retry))).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after maxRetries and rethrows the last error', async () => {
    const attempt = jest.fn().mockRejectedValue(transient);
    await expect(withRetries(attempt, fast)).rejects.toBe(transient);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry a permanent failure', async () => {
    const attempt = jest.fn().mockRejectedValue(notFound);
    await expect(withRetries(attempt, fast)).rejects.toBe(notFound);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
