/**
 * The SharedState semantics, the same for the in-process map and the store-backed state (on the
 * memory store and on a real Chroma server, where two clients stand for two processes), and the
 * leased locks built on them.
 */
import { SystemClock, type Clock } from '@kioku/kernel';
import { FixedClock } from '@kioku/testing-fakes';
import { useChromaTestServer } from '@kioku/vector-store-chroma/testing';
import { ChromaVectorStore } from '@kioku/vector-store-chroma';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import type { VectorStore } from '@kioku/vector-store';
import type { SharedState } from '@kioku/shared-state';
import {
  InProcessSharedState,
  LeaseLostError,
  LeasedLocks,
  SHARED_STATE_COLLECTION,
  StoreSharedState,
} from './index';

const chroma = useChromaTestServer();

interface Variant {
  name: string;
  /** Two handles on the same state, as two processes would have. */
  open(clock: Clock): Promise<[SharedState, SharedState]>;
}

const variants: Variant[] = [
  {
    name: 'in-process',
    open: async (clock) => {
      const state = new InProcessSharedState(clock);
      return [state, state];
    },
  },
  {
    name: 'store (memory)',
    open: async (clock) => {
      const store = new MemoryVectorStore();
      return [new StoreSharedState(store, clock), new StoreSharedState(store, clock)];
    },
  },
  {
    name: 'store (chroma, two clients)',
    open: async (clock) => {
      const a: VectorStore = new ChromaVectorStore({
        url: chroma().url,
        lexicalIndexFile: chroma().lexicalIndexFile,
      });
      const b: VectorStore = new ChromaVectorStore({
        url: chroma().url,
        lexicalIndexFile: chroma().lexicalIndexFile,
      });
      await a.deleteCollection(SHARED_STATE_COLLECTION);
      return [new StoreSharedState(a, clock), new StoreSharedState(b, clock)];
    },
  },
];

describe.each(variants)('SharedState: $name', ({ open }) => {
  let clock: FixedClock;
  let a: SharedState;
  let b: SharedState;
  const ttl = 60_000;
  const entry = (key: string, value = 'v', group?: string) => ({
    key,
    value,
    expiresAt: clock.now().getTime() + ttl,
    ...(group ? { group } : {}),
  });

  beforeEach(async () => {
    clock = new FixedClock();
    [a, b] = await open(clock);
  });

  it('creates a key once: the second create is refused and changes nothing', async () => {
    expect(await a.create(entry('k', 'first'))).toBe(true);
    expect(await b.create(entry('k', 'second'))).toBe(false);
    expect((await b.get('k'))?.value).toBe('first');
  });

  it('of concurrent creates of one key, exactly one wins, from either handle', async () => {
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).create(entry(`race-${round}`, `w${i}`))),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await a.get(`race-${round}`))?.value).toBe(`w${winner}`);
    }
  });

  it('put overwrites; get keeps values exactly (JSON, unicode, long)', async () => {
    const value = JSON.stringify({ ids: Array.from({ length: 500 }, (_, i) => `mem_${i}`), note: '記憶 ✓' });
    await a.put(entry('p', 'old'));
    await b.put(entry('p', value));
    expect(await a.get('p')).toEqual({ key: 'p', value, expiresAt: clock.now().getTime() + ttl });
  });

  it('an expired entry reads as absent and still holds its key', async () => {
    await a.create(entry('e'));
    clock.advance(ttl);
    expect(await b.get('e')).toBeNull();
    expect(await b.create(entry('e', 'again'))).toBe(false);
  });

  it('lists a group, expired entries included, and deletes by key', async () => {
    await a.create(entry('g1', '1', 'grp'));
    await b.put(entry('g2', '2', 'grp'));
    await a.put(entry('other', '3', 'another'));
    clock.advance(ttl);
    expect((await b.list('grp')).map((e) => e.value).sort()).toEqual(['1', '2']);
    await a.delete(['g1', 'missing']);
    expect((await b.list('grp')).map((e) => e.key)).toEqual(['g2']);
    expect(await b.create(entry('g1', 'new'))).toBe(true);
  });

  it('purges entries a day after they expired, so the state stays bounded', async () => {
    await a.put(entry('old'));
    clock.advanceDays(2);
    await a.put(entry('fresh'));
    // Past the grace, the key is free again: the entry was purged.
    expect(await b.create(entry('old', 'reborn'))).toBe(true);
  });
});

describe.each(variants)('LeasedLocks: $name', ({ open }) => {
  it('one holder at a time; release frees it for the next epoch', async () => {
    const clock = new FixedClock();
    const [a, b] = await open(clock);
    const locksA = new LeasedLocks(a, clock, 10_000);
    const locksB = new LeasedLocks(b, clock, 10_000);
    const first = await locksA.tryAcquire('consolidate:alpha', { id: 'worker-a' });
    expect(first.acquired).toBe(true);
    const refused = await locksB.tryAcquire('consolidate:alpha', { id: 'worker-b' });
    expect(refused).toMatchObject({ acquired: false, heldBy: { epoch: 1, holder: 'worker-a' } });
    expect((await locksB.tryAcquire('consolidate:beta', { id: 'worker-b' })).acquired).toBe(true);
    if (!first.acquired) throw new Error('unreachable');
    await first.lease.assertHeld();
    await first.lease.release();
    const second = await locksB.tryAcquire('consolidate:alpha', { id: 'worker-b' });
    expect(second).toMatchObject({ acquired: true, lease: { epoch: 2 } });
    if (second.acquired) await second.lease.release();
  });

  it('keeps counting epochs after a release, also for a process that starts afterwards (and purges)', async () => {
    const clock = new FixedClock();
    const [a, b] = await open(clock);
    const first = await new LeasedLocks(a, clock, 10_000).tryAcquire('job', { id: 'a' });
    if (!first.acquired) throw new Error('expected the lock');
    await first.lease.release();
    // `b` is used for the first time now: its first call purges what expired more than a day ago.
    const second = await new LeasedLocks(b, clock, 10_000).tryAcquire('job', { id: 'b' });
    expect(second).toMatchObject({ acquired: true, lease: { epoch: 2 } });
    if (second.acquired) await second.lease.release();
  });

  it('a holder whose lease ran out is taken over and fenced off before its next write', async () => {
    const clock = new FixedClock();
    const [a, b] = await open(clock);
    const zombie = await new LeasedLocks(a, clock, 5_000).tryAcquire('job', { id: 'a' });
    if (!zombie.acquired) throw new Error('expected the lock');
    clock.advance(5_001); // the holder stopped renewing (paused, or killed)
    const next = await new LeasedLocks(b, clock, 5_000).tryAcquire('job', { id: 'b' });
    expect(next).toMatchObject({ acquired: true, lease: { epoch: 2 } });
    await expect(zombie.lease.assertHeld()).rejects.toBeInstanceOf(LeaseLostError);
    expect(zombie.lease.signal.aborted).toBe(true);
    if (next.acquired) await next.lease.assertHeld();
  });

  it('of concurrent contenders for a free lock exactly one gets it', async () => {
    const clock = new FixedClock();
    const [a, b] = await open(clock);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new LeasedLocks(i % 2 ? a : b, clock, 5_000).tryAcquire('tick', { id: `w${i}` }),
      ),
    );
    expect(results.filter((r) => r.acquired)).toHaveLength(1);
    for (const r of results) if (r.acquired) await r.lease.release();
  });

  it('renews its lease while it works (real time)', async () => {
    const clock = new SystemClock();
    const [a, b] = await open(clock);
    const held = await new LeasedLocks(a, clock, 300).tryAcquire('renewed', { id: 'a' });
    if (!held.acquired) throw new Error('expected the lock');
    await new Promise((resolve) => setTimeout(resolve, 900));
    await held.lease.assertHeld();
    expect((await new LeasedLocks(b, clock, 300).tryAcquire('renewed', { id: 'b' })).acquired).toBe(false);
    await held.lease.release();
  });
});
