import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createMemoryTestKit } from '../testing/memory-test-kit';
import { MemoryRepository } from './memory.repository';

describe('MemoryRepository.prepare', () => {
  it("asks a store that can prepare to ready the namespace's memories collection", async () => {
    const store = new MemoryVectorStore();
    const prepared: string[] = [];
    const preparing = Object.assign(store, {
      prepare: async (collection: string) => void prepared.push(collection),
    });
    const kit = createMemoryTestKit({ store: preparing });
    await kit.container.get(MemoryRepository).prepare('notes');
    expect(prepared).toEqual(['kioku_notes_memories']);
  });

  it('creates nothing in a store that cannot prepare', async () => {
    const kit = createMemoryTestKit();
    await kit.container.get(MemoryRepository).prepare('notes');
    expect(await kit.store.listCollections()).toEqual([]);
  });
});
