/**
 * How the threaded provider shares passes, with stand-in threads (the model itself is covered by the
 * integration spec): concurrent short texts coalesce into one pass, a lone call is not delayed, and
 * interactive calls (recall's query) go ahead of standard ones (writes).
 */
import type { EmbeddingThread } from './embedding-thread';
import { ThreadedEmbeddingProvider, type ThreadedEngine } from './threaded-embedding-provider';

/** An engine whose own threads are never started: every test passes its stand-in threads. */
const ENGINE: ThreadedEngine = {
  name: 'stand-in',
  modelId: 'stand-in@1',
  dimension: 1,
  startThread: () => {
    throw new Error('the test starts its own threads');
  },
};

/** Threads whose passes stay in flight until released, recording what each pass held. */
function standInThreads() {
  const passes: string[][] = [];
  const releases: (() => void)[] = [];
  const startThread = () =>
    ({
      ready: Promise.resolve(),
      alive: true,
      embed: (texts: string[]) => {
        passes.push(texts);
        return new Promise<number[][]>((resolve) =>
          releases.push(() => resolve(texts.map((text) => [text.length]))),
        );
      },
      terminate: async () => undefined,
    }) as unknown as EmbeddingThread;
  return { passes, startThread, release: () => releases.shift()?.() };
}

describe('ThreadedEmbeddingProvider passes', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts a lone call at once, in a pass of its own', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 2, lingerMs: 1000, ...threads });
    await provider.init();
    const lone = provider.embed(['what did the user say about tea']);
    await jest.advanceTimersByTimeAsync(0);
    expect(threads.passes).toEqual([['what did the user say about tea']]);
    threads.release();
    await expect(lone).resolves.toEqual([[31]]);
  });

  it('lets calls that arrive a few ms apart while a pass runs share the next pass', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 2, lingerMs: 10, ...threads });
    await provider.init();
    const first = provider.embed(['first']);
    await jest.advanceTimersByTimeAsync(0);
    const recall = provider.embed(['a recall query']);
    await jest.advanceTimersByTimeAsync(3);
    const remember = provider.embed(['a note to remember']);
    await jest.advanceTimersByTimeAsync(0);
    expect(threads.passes).toEqual([['first'], ['a recall query', 'a note to remember']]);
    threads.release();
    threads.release();
    await expect(Promise.all([first, recall, remember])).resolves.toEqual([[[5]], [[14]], [[18]]]);
  });

  it('with lingerMs 0, gives the second call the free thread at once', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 2, lingerMs: 0, ...threads });
    await provider.init();
    const calls = [provider.embed(['first'])];
    await jest.advanceTimersByTimeAsync(0);
    calls.push(provider.embed(['second']));
    await jest.advanceTimersByTimeAsync(0);
    expect(threads.passes).toEqual([['first'], ['second']]);
    threads.release();
    threads.release();
    await Promise.all(calls);
  });
  it('serves an interactive call before the standard texts queued ahead of it, in a pass of its own', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 1, lingerMs: 0, ...threads });
    await provider.init();
    const first = provider.embed(['first note']);
    await jest.advanceTimersByTimeAsync(0);
    const notes = provider.embed(['second note', 'third note']);
    const query = provider.embed(['what is in the notes'], { priority: 'interactive' });
    await jest.advanceTimersByTimeAsync(0);
    for (let pass = 0; pass < 3; pass++) {
      threads.release();
      await jest.advanceTimersByTimeAsync(0);
    }
    expect(threads.passes).toEqual([['first note'], ['what is in the notes'], ['second note', 'third note']]);
    await expect(Promise.all([first, notes, query])).resolves.toEqual([[[10]], [[11], [10]], [[20]]]);
  });

  it('holds at most maxStandardBatchSize standard texts in a pass, and more interactive ones', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, {
      threads: 1,
      maxShortBatchSize: 4,
      maxStandardBatchSize: 2,
      ...threads,
    });
    await provider.init();
    const notes = provider.embed(['n1', 'n2', 'n3']);
    const queries = provider.embed(['q1', 'q2', 'q3', 'q4', 'q5'], { priority: 'interactive' });
    await jest.advanceTimersByTimeAsync(0);
    for (let pass = 0; pass < 4; pass++) {
      threads.release();
      await jest.advanceTimersByTimeAsync(0);
    }
    expect(threads.passes).toEqual([['q1', 'q2', 'q3', 'q4'], ['q5'], ['n1', 'n2'], ['n3']]);
    await Promise.all([notes, queries]);
  });

  it('spreads queued interactive texts over both threads, at most 8 a pass by default', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 2, lingerMs: 0, ...threads });
    await provider.init();
    const queries = Array.from({ length: 20 }, (_, i) => `query ${i}`);
    const vectors = provider.embed(queries, { priority: 'interactive' });
    await jest.advanceTimersByTimeAsync(0);
    expect(threads.passes).toEqual([queries.slice(0, 8), queries.slice(8, 16)]);
    for (let pass = 0; pass < 3; pass++) {
      threads.release();
      await jest.advanceTimersByTimeAsync(0);
    }
    expect(threads.passes).toEqual([queries.slice(0, 8), queries.slice(8, 16), queries.slice(16)]);
    await expect(vectors).resolves.toHaveLength(20);
  });

  it('keeps a standard text behind interactive passes for 2 s by default, then gives it the next pass', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 1, lingerMs: 0, ...threads });
    await provider.init();
    const calls: Promise<number[][]>[] = [provider.embed(['q0'], { priority: 'interactive' })];
    await jest.advanceTimersByTimeAsync(0);
    calls.push(provider.embed(['a note']));
    // A query arrives and a pass ends every 100 ms: the note's pass comes once it has waited 2 s.
    for (let tick = 1; tick <= 25; tick++) {
      calls.push(provider.embed([`q${tick}`], { priority: 'interactive' }));
      await jest.advanceTimersByTimeAsync(100);
      threads.release();
      await jest.advanceTimersByTimeAsync(0);
    }
    const noteAt = threads.passes.findIndex((pass) => pass.includes('a note'));
    expect(noteAt).toBe(20); // q0..q19 (2 s of passes), then the note
    for (let pass = 0; pass < 10; pass++) {
      threads.release();
      await jest.advanceTimersByTimeAsync(0);
    }
    await expect(Promise.all(calls)).resolves.toHaveLength(27);
  });

  it('starts the threads after the first once the first pass has ended, as a long pass starts, or after 1 s', async () => {
    const counted = () => {
      const threads = standInThreads();
      let started = 0;
      return { ...threads, started: () => started, startThread: () => (started++, threads.startThread()) };
    };
    const served = counted();
    const provider = new ThreadedEmbeddingProvider(ENGINE, { threads: 3, lingerMs: 0, ...served });
    await provider.init();
    expect(served.started()).toBe(1);
    const first = provider.embed(['the first query']);
    await jest.advanceTimersByTimeAsync(0);
    expect(served.started()).toBe(1); // not while the first pass runs
    served.release();
    await first;
    expect(served.started()).toBe(3);

    const long = counted();
    const busy = new ThreadedEmbeddingProvider(ENGINE, { threads: 2, ...long });
    await busy.init();
    const longPass = busy.embed(['x'.repeat(1001)]);
    await jest.advanceTimersByTimeAsync(0);
    expect(long.started()).toBe(2); // as a first long pass starts
    long.release();
    await longPass;

    const idle = counted();
    await new ThreadedEmbeddingProvider(ENGINE, { threads: 2, ...idle }).init();
    await jest.advanceTimersByTimeAsync(999);
    expect(idle.started()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(idle.started()).toBe(2);
  });

  it('refuses an interactive call only for the interactive texts queued ahead of it', async () => {
    const threads = standInThreads();
    const provider = new ThreadedEmbeddingProvider(ENGINE, {
      threads: 1,
      maxQueuedShortTexts: 3,
      ...threads,
    });
    await provider.init();
    const calls = [provider.embed(['held'])];
    await jest.advanceTimersByTimeAsync(0);
    calls.push(provider.embed(['n1', 'n2', 'n3']));
    await expect(provider.embed(['n4'])).rejects.toMatchObject({ code: 'BUSY' });
    calls.push(provider.embed(['q1', 'q2'], { priority: 'interactive' }));
    await expect(provider.embed(['q3', 'q4'], { priority: 'interactive' })).rejects.toMatchObject({
      code: 'BUSY',
    });
    for (let pass = 0; pass < 3; pass++) {
      threads.release();
      await jest.advanceTimersByTimeAsync(0);
    }
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
  });
});
