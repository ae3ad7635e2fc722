/** The request batcher: order, batch sizes, coalescing, the in-flight bound and failure isolation. */
import { RequestBatcher } from './request-batcher';

const double = async (items: number[]) => items.map((item) => item * 2);

describe('RequestBatcher', () => {
  it('resolves an empty submission at once without a run', async () => {
    const run = jest.fn(double);
    await expect(
      new RequestBatcher(run, { maxBatchSize: 4, maxConcurrentRuns: 1 }).submit([]),
    ).resolves.toEqual([]);
    expect(run).not.toHaveBeenCalled();
  });

  it('splits a submission into runs of at most maxBatchSize and keeps the order', async () => {
    const run = jest.fn(double);
    const batcher = new RequestBatcher(run, { maxBatchSize: 4, maxConcurrentRuns: 2 });
    const items = Array.from({ length: 10 }, (_, index) => index);
    await expect(batcher.submit(items)).resolves.toEqual(items.map((item) => item * 2));
    expect(run.mock.calls.map(([batch]) => batch)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
  });

  it('coalesces submissions made in the same tick', async () => {
    const run = jest.fn(double);
    const batcher = new RequestBatcher(run, { maxBatchSize: 8, maxConcurrentRuns: 1 });
    const results = await Promise.all([batcher.submit([1]), batcher.submit([2, 3]), batcher.submit([4])]);
    expect(results).toEqual([[2], [4, 6], [8]]);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxConcurrentRuns runs in flight; later items join the next run', async () => {
    let inFlight = 0;
    let most = 0;
    const run = jest.fn(async (items: number[]) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return double(items);
    });
    const batcher = new RequestBatcher(run, { maxBatchSize: 2, maxConcurrentRuns: 2 });
    const first = batcher.submit([1, 2, 3, 4, 5, 6]);
    await new Promise((resolve) => setImmediate(resolve));
    const late = batcher.submit([7]);
    await expect(first).resolves.toEqual([2, 4, 6, 8, 10, 12]);
    await expect(late).resolves.toEqual([14]);
    expect(most).toBe(2);
    expect(run.mock.calls.map(([batch]) => batch)).toEqual([[1, 2], [3, 4], [5, 6], [7]]);
  });

  it('rejects only the submissions that had an item in a failed run, and drops their other items', async () => {
    const run = jest.fn(async (items: string[]) => {
      if (items.includes('bad')) throw new Error('run failed');
      return items.map((item) => item.toUpperCase());
    });
    const batcher = new RequestBatcher(run, { maxBatchSize: 2, maxConcurrentRuns: 1 });
    const [ok, failing, alsoOk] = await Promise.allSettled([
      batcher.submit(['a', 'b']),
      batcher.submit(['bad', 'x', 'y', 'z']),
      batcher.submit(['c']),
    ]);
    expect(ok).toEqual({ status: 'fulfilled', value: ['A', 'B'] });
    expect(failing).toMatchObject({ status: 'rejected', reason: new Error('run failed') });
    expect(alsoOk).toEqual({ status: 'fulfilled', value: ['C'] });
    expect(run.mock.calls.map(([batch]) => batch)).toEqual([['a', 'b'], ['bad', 'x'], ['c']]);
  });

  it('counts the items waiting for a run, not those in flight', async () => {
    let release = () => {};
    const run = jest.fn(
      (items: number[]) => new Promise<number[]>((resolve) => (release = () => resolve(items))),
    );
    const batcher = new RequestBatcher(run, { maxBatchSize: 2, maxConcurrentRuns: 1 });
    const first = batcher.submit([1, 2, 3]);
    expect(batcher.queuedItems).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batcher.queuedItems).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(first).resolves.toEqual([1, 2, 3]);
    expect(batcher.queuedItems).toBe(0);
  });

  it('rejects a run that returns the wrong number of results', async () => {
    const batcher = new RequestBatcher(async () => [1], { maxBatchSize: 4, maxConcurrentRuns: 1 });
    await expect(batcher.submit([1, 2])).rejects.toThrow('batch runner returned 1 results for 2 items');
  });

  it.each([0, -1, 1.5])('refuses %p as a batch size or concurrency', (value) => {
    expect(() => new RequestBatcher(double, { maxBatchSize: value, maxConcurrentRuns: 1 })).toThrow(
      RangeError,
    );
    expect(() => new RequestBatcher(double, { maxBatchSize: 1, maxConcurrentRuns: value })).toThrow(
      RangeError,
    );
  });

  it('refuses a negative or non-finite linger window or normal wait', () => {
    for (const ms of [-1, Number.NaN, Infinity]) {
      const base = { maxBatchSize: 1, maxConcurrentRuns: 1 };
      expect(() => new RequestBatcher(double, { ...base, lingerMs: ms })).toThrow(RangeError);
      expect(() => new RequestBatcher(double, { ...base, normalMaxWaitMs: ms })).toThrow(RangeError);
    }
    expect(
      () => new RequestBatcher(double, { maxBatchSize: 1, maxConcurrentRuns: 1, normalBatchSize: 0 }),
    ).toThrow(RangeError);
  });

  describe('with a linger window', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** A runner whose runs stay in flight until released, first run first. */
    function heldRuns() {
      const releases: (() => void)[] = [];
      const run = jest.fn(
        (items: number[]) =>
          new Promise<number[]>((resolve) => releases.push(() => resolve(items.map((i) => i * 2)))),
      );
      return { run, release: () => releases.shift()?.() };
    }

    it('starts a lone submission at once', async () => {
      const { run, release } = heldRuns();
      const batcher = new RequestBatcher(run, { maxBatchSize: 8, maxConcurrentRuns: 2, lingerMs: 1000 });
      const lone = batcher.submit([1]);
      await jest.advanceTimersByTimeAsync(0);
      expect(run.mock.calls.map(([batch]) => batch)).toEqual([[1]]);
      release();
      await expect(lone).resolves.toEqual([2]);
    });

    it('lets a single item that arrives while a run is in flight wait for company, and share its run', async () => {
      const { run, release } = heldRuns();
      const batcher = new RequestBatcher(run, { maxBatchSize: 8, maxConcurrentRuns: 2, lingerMs: 10 });
      const first = batcher.submit([1]);
      await jest.advanceTimersByTimeAsync(0);
      const waiting = batcher.submit([2]);
      await jest.advanceTimersByTimeAsync(6);
      expect(run).toHaveBeenCalledTimes(1);
      const company = batcher.submit([3]);
      await jest.advanceTimersByTimeAsync(0);
      expect(run.mock.calls.map(([batch]) => batch)).toEqual([[1], [2, 3]]);
      release();
      release();
      await expect(Promise.all([first, waiting, company])).resolves.toEqual([[2], [4], [6]]);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('starts a single item that finds no company when the window ends', async () => {
      const { run, release } = heldRuns();
      const batcher = new RequestBatcher(run, { maxBatchSize: 8, maxConcurrentRuns: 2, lingerMs: 10 });
      const first = batcher.submit([1]);
      await jest.advanceTimersByTimeAsync(0);
      const alone = batcher.submit([2]);
      await jest.advanceTimersByTimeAsync(9);
      expect(run).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(run.mock.calls.map(([batch]) => batch)).toEqual([[1], [2]]);
      release();
      release();
      await expect(Promise.all([first, alone])).resolves.toEqual([[2], [4]]);
    });

    it('starts two or more waiting items at once', async () => {
      const { run, release } = heldRuns();
      const batcher = new RequestBatcher(run, { maxBatchSize: 8, maxConcurrentRuns: 2, lingerMs: 1000 });
      const first = batcher.submit([1]);
      await jest.advanceTimersByTimeAsync(0);
      const two = batcher.submit([2, 3]);
      await jest.advanceTimersByTimeAsync(0);
      expect(run.mock.calls.map(([batch]) => batch)).toEqual([[1], [2, 3]]);
      release();
      release();
      await expect(Promise.all([first, two])).resolves.toEqual([[2], [4, 6]]);
    });

    it('starts the waiting items as soon as the run in flight ends', async () => {
      const { run, release } = heldRuns();
      const batcher = new RequestBatcher(run, { maxBatchSize: 8, maxConcurrentRuns: 2, lingerMs: 1000 });
      const first = batcher.submit([1]);
      await jest.advanceTimersByTimeAsync(0);
      const waiting = batcher.submit([2]);
      await jest.advanceTimersByTimeAsync(0);
      expect(run).toHaveBeenCalledTimes(1);
      release();
      await expect(first).resolves.toEqual([2]);
      await jest.advanceTimersByTimeAsync(0);
      expect(run.mock.calls.map(([batch]) => batch)).toEqual([[1], [2]]);
      release();
      await expect(waiting).resolves.toEqual([4]);
      expect(jest.getTimerCount()).toBe(0);
    });
  });
  describe('with priorities', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** One run at a time, held until released; records each run's items. */
    function oneHeldRunAtATime(options: { normalBatchSize?: number; normalMaxWaitMs?: number } = {}) {
      const releases: (() => void)[] = [];
      const run = jest.fn(
        (items: string[]) => new Promise<string[]>((resolve) => releases.push(() => resolve(items))),
      );
      const batcher = new RequestBatcher(run, { maxBatchSize: 4, maxConcurrentRuns: 1, ...options });
      const release = async () => {
        releases.shift()?.();
        await jest.advanceTimersByTimeAsync(0);
      };
      return { batcher, runs: () => run.mock.calls.map(([batch]) => batch), release };
    }

    it('runs urgent items before normal ones that were queued earlier, in runs of their own', async () => {
      const { batcher, runs, release } = oneHeldRunAtATime();
      const first = batcher.submit(['w1']);
      await jest.advanceTimersByTimeAsync(0);
      const writes = batcher.submit(['w2', 'w3']);
      const read = batcher.submit(['r1'], 'urgent');
      await jest.advanceTimersByTimeAsync(0);
      await release();
      await release();
      await release();
      expect(runs()).toEqual([['w1'], ['r1'], ['w2', 'w3']]);
      await expect(Promise.all([first, writes, read])).resolves.toEqual([['w1'], ['w2', 'w3'], ['r1']]);
    });

    it('bounds a normal run by normalBatchSize and an urgent one by maxBatchSize', async () => {
      const { batcher, runs, release } = oneHeldRunAtATime({ normalBatchSize: 2 });
      const writes = batcher.submit(['w1', 'w2', 'w3']);
      const reads = batcher.submit(['r1', 'r2', 'r3', 'r4', 'r5'], 'urgent');
      await jest.advanceTimersByTimeAsync(0);
      for (let i = 0; i < 4; i++) await release();
      expect(runs()).toEqual([['r1', 'r2', 'r3', 'r4'], ['r5'], ['w1', 'w2'], ['w3']]);
      await expect(Promise.all([writes, reads])).resolves.toHaveLength(2);
    });

    it('never starves normal items: once overdue they take turns with urgent runs', async () => {
      const { batcher, runs, release } = oneHeldRunAtATime({ normalMaxWaitMs: 100 });
      const reads = [batcher.submit(['r0'], 'urgent')];
      await jest.advanceTimersByTimeAsync(0);
      const writes = batcher.submit(['w1', 'w2', 'w3', 'w4', 'w5', 'w6']);
      // Reads keep coming faster than runs end.
      for (let i = 1; i <= 2; i++) {
        reads.push(batcher.submit([`r${i}`], 'urgent'));
        await jest.advanceTimersByTimeAsync(40);
        await release();
      }
      expect(runs()).toEqual([['r0'], ['r1'], ['r2']]);
      reads.push(batcher.submit(['r3', 'r4'], 'urgent'), batcher.submit(['r5'], 'urgent'));
      await jest.advanceTimersByTimeAsync(40); // the writes have now waited 120 ms
      for (let i = 0; i < 4; i++) await release();
      expect(runs().slice(3)).toEqual([
        ['w1', 'w2', 'w3', 'w4'],
        ['r3', 'r4', 'r5'],
        ['w5', 'w6'],
      ]);
      await expect(writes).resolves.toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6']);
      await expect(Promise.all(reads)).resolves.toEqual([['r0'], ['r1'], ['r2'], ['r3', 'r4'], ['r5']]);
    });

    it('counts the queued items ahead of each priority', async () => {
      const { batcher, release } = oneHeldRunAtATime();
      const all = [batcher.submit(['w1', 'w2']), batcher.submit(['r1'], 'urgent')];
      expect(batcher.queuedAhead('urgent')).toBe(1);
      expect(batcher.queuedAhead('normal')).toBe(3);
      expect(batcher.queuedItems).toBe(3);
      await jest.advanceTimersByTimeAsync(0);
      expect(batcher.queuedAhead('urgent')).toBe(0);
      await release();
      await release();
      await expect(Promise.all(all)).resolves.toHaveLength(2);
    });
  });
});
