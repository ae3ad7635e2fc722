/**
 * How the threaded provider shares passes, with stand-in threads (the model itself is covered by the
 * integration spec): concurrent short texts coalesce into one pass, a lone call is not delayed.
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
});
