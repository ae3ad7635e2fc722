import { ChromaTimeoutError } from './chroma.errors';
import { withRetries } from './chroma-retry';

const lostConnection = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('withRetries', () => {
  it('retries an idempotent call after a lost connection, telling each retry', async () => {
    const retries: number[] = [];
    let calls = 0;
    const result = await withRetries(
      () => (++calls < 3 ? Promise.reject(lostConnection()) : Promise.resolve('ok')),
      { timeoutMs: 1_000, idempotent: true, onRetry: (attempt) => retries.push(attempt) },
    );
    expect(result).toBe('ok');
    expect(retries).toEqual([1, 2]);
  });

  it('sends a write once', async () => {
    let calls = 0;
    const failure = lostConnection();
    await expect(
      withRetries(
        () => {
          calls++;
          return Promise.reject(failure);
        },
        { timeoutMs: 1_000, idempotent: false },
      ),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
  });

  it('gives up on a call that does not answer within the timeout', async () => {
    await expect(
      withRetries(() => new Promise<never>(() => undefined), { timeoutMs: 20, idempotent: false }),
    ).rejects.toBeInstanceOf(ChromaTimeoutError);
  });
});
