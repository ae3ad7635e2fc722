/**
 * Background patches on the in-memory store: access counts wait out the delay and go out as one write,
 * merged by memory id; a thread link goes at once; what is queued while a write is in flight goes out
 * together in the next write; a failed write is logged and the next one still runs.
 */
import { AppError } from '@kioku/kernel';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { MemoryRepository } from '../memory.repository';
import { RememberUseCase } from '../remember/remember.use-case';
import { ACCESS_WRITE_DELAY_MS, BackgroundPatches } from './background-patches';

/** Counts metadata patch writes (their sizes); fails the next one when `failNext` is set. */
class CountingPatchStore extends MemoryVectorStore {
  readonly writes: number[] = [];
  failNext = false;
  override async patchMetadata(
    collection: string,
    patches: Parameters<MemoryVectorStore['patchMetadata']>[1],
  ) {
    this.writes.push(patches.length);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.failNext) {
      this.failNext = false;
      throw new AppError('STORE_UNAVAILABLE', 'The vector store is unavailable.');
    }
    return super.patchMetadata(collection, patches);
  }
}

async function setup(store: CountingPatchStore) {
  const kit = createMemoryTestKit({ store });
  const remember = kit.container.get(RememberUseCase);
  const ids: string[] = [];
  for (const content of ['the red kite', 'a blue canoe', 'green tea at noon']) {
    const result = await remember.execute({ content, force: true }, kit.context);
    if (result.status === 'saved') ids.push(result.memory.id);
  }
  const patches = kit.container.get(BackgroundPatches);
  await patches.flush();
  store.writes.length = 0;
  return { ...kit, ids, patches, repository: kit.container.get(MemoryRepository) };
}

describe('BackgroundPatches', () => {
  it('holds access counts for the delay, merging every one queued meanwhile into one write', async () => {
    const store = new CountingPatchStore();
    const { ids, patches, repository, context } = await setup(store);
    patches.queue(context.namespace, [{ id: ids[0], metadata: { accessCount: 1 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[1], metadata: { accessCount: 1 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[1], metadata: { accessCount: 2 } }], 'access');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, ACCESS_WRITE_DELAY_MS));
    expect(store.writes).toEqual([2]);
    const stored = new Map(
      (await repository.get(context.namespace, ids)).map((s) => [s.memory.id, s.memory]),
    );
    expect(stored.get(ids[0])?.accessCount).toBe(1);
    expect(stored.get(ids[1])?.accessCount).toBe(2);
  });

  it('sends a thread link at once, with the access counts waiting, and what comes during it after', async () => {
    const store = new CountingPatchStore();
    const { ids, patches, repository, context } = await setup(store);
    patches.queue(context.namespace, [{ id: ids[0], metadata: { accessCount: 1 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[2], metadata: { followingId: ids[0] } }], 'thread');
    await new Promise((resolve) => setTimeout(resolve, 1));
    patches.queue(context.namespace, [{ id: ids[1], metadata: { followingId: ids[2] } }], 'thread');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.writes).toEqual([2, 1]);
    const stored = new Map(
      (await repository.get(context.namespace, ids)).map((s) => [s.memory.id, s.memory]),
    );
    expect(stored.get(ids[0])?.accessCount).toBe(1);
    expect(stored.get(ids[2])?.followingId).toBe(ids[0]);
    expect(stored.get(ids[1])?.followingId).toBe(ids[2]);
  });

  it('flush sends the waiting access counts without waiting out the delay', async () => {
    const store = new CountingPatchStore();
    const { ids, patches, repository, context } = await setup(store);
    patches.queue(context.namespace, [{ id: ids[0], metadata: { accessCount: 4 } }], 'access');
    const started = Date.now();
    await patches.flush();
    expect(Date.now() - started).toBeLessThan(ACCESS_WRITE_DELAY_MS);
    const [first] = await repository.get(context.namespace, [ids[0]]);
    expect(first.memory.accessCount).toBe(4);
  });

  it('logs a failed write without the content and still writes what came after it', async () => {
    const store = new CountingPatchStore();
    const { ids, patches, repository, context, logs } = await setup(store);
    store.failNext = true;
    patches.queue(context.namespace, [{ id: ids[0], metadata: { accessCount: 1 } }], 'access');
    await patches.flush();
    patches.queue(context.namespace, [{ id: ids[1], metadata: { accessCount: 3 } }], 'access');
    await patches.flush();
    expect(logs.records.filter((r) => r.event === 'memory.background_patch_failed')).toHaveLength(1);
    expect(JSON.stringify(logs.records)).not.toContain('red kite');
    const [second] = await repository.get(context.namespace, [ids[1]]);
    expect(second.memory.accessCount).toBe(3);
  });
});
