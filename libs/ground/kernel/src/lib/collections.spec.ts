import { AppError } from './app.errors';
import { chunked, delay, positiveInteger } from './collections';

describe('chunked', () => {
  it('cuts a list into slices of the given size, the last one shorter', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gives no slices for an empty list', () => {
    expect(chunked([], 3)).toEqual([]);
  });

  it('refuses a size that is not a positive integer', () => {
    expect(() => chunked([1], 0)).toThrow(RangeError);
  });
});

describe('delay', () => {
  it('resolves once the time has passed', async () => {
    jest.useFakeTimers();
    try {
      let done = false;
      const waiting = delay(1_000).then(() => (done = true));
      await jest.advanceTimersByTimeAsync(999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('positiveInteger', () => {
  it('returns a whole number of at least one', () => {
    expect(positiveInteger(3, 'threads')).toBe(3);
  });

  it.each([0, -1, 1.5, Number.NaN])('throws a RangeError naming the option for %p', (value) => {
    expect(() => positiveInteger(value, 'threads')).toThrow(
      new RangeError(`threads must be a positive integer, got ${value}`),
    );
  });

  it('throws the error the caller builds', () => {
    const invalid = (message: string) => new AppError('CONFIG_INVALID', `Ollama: ${message}.`);
    expect(() => positiveInteger(0, 'timeoutMs', invalid)).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: 'Ollama: timeoutMs must be a positive integer, got 0.',
      }),
    );
  });
});
