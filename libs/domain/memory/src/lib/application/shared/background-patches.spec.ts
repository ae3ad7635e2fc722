/**
 * Background patches on the in-memory store: what is queued while a write is in flight goes out
 * together in the next write, merged by memory id; a failed write is logged and the next one still runs.
 */
import { AppError } from '@kioku/kernel';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { MemoryRepository } from '../memory.repository';
import { RememberUseCase } from '../remember/remember.use-case';
import { BackgroundPatches } from './background-patches';

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
  it('sends what was queued during a write as one merged write after it', async () => {
    const store = new CountingPatchStore();
    const { ids, patches, repository, context } = await setup(store);
    patches.queue(context.namespace, [{ id: ids[0], metadata: { accessCount: 1 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[1], metadata: { accessCount: 1 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[1], metadata: { accessCount: 2 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[2], metadata: { followingId: ids[0] } }], 'thread');
    await patches.flush();
    expect(store.writes).toEqual([1, 2]);
    const stored = new Map(
      (await repository.get(context.namespace, ids)).map((s) => [s.memory.id, s.memory]),
    );
    expect(stored.get(ids[0])?.accessCount).toBe(1);
    expect(stored.get(ids[1])?.accessCount).toBe(2);
    expect(stored.get(ids[2])?.followingId).toBe(ids[0]);
  });

  it('logs a failed write without the content and still writes what came after it', async () => {
    const store = new CountingPatchStore();
    const { ids, patches, repository, context, logs } = await setup(store);
    store.failNext = true;
    patches.queue(context.namespace, [{ id: ids[0], metadata: { accessCount: 1 } }], 'access');
    patches.queue(context.namespace, [{ id: ids[1], metadata: { accessCount: 3 } }], 'access');
    await patches.flush();
    expect(logs.records.filter((r) => r.event === 'memory.background_patch_failed')).toHaveLength(1);
    expect(JSON.stringify(logs.records)).not.toContain('red kite');
    const [second] = await repository.get(context.namespace, [ids[1]]);
    expect(second.memory.accessCount).toBe(3);
  });
});
