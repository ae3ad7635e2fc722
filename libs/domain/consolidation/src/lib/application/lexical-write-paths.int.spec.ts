/**
 * Every write path keeps the namespace's lexical index in step with its memories — remember,
 * update_memory, forget, restore and merge_memories — on the in-process store and on a real Chroma
 * server with its SQLite index: what a memory no longer says is no longer found by its words, and a
 * memory that is back is found again; and a merge leaves nothing beside the store to repair.
 */
import { ForgetUseCase, RestoreUseCase } from '@kioku/forgetting';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { LinkRepository } from '@kioku/links';
import { MemoryRepository, RecallUseCase, UpdateMemoryUseCase } from '@kioku/memory';
import { useChromaTestServer } from '@kioku/vector-store-chroma/testing';
import type { VectorStore } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { ChromaVectorStore } from '@kioku/vector-store-chroma';
import { consolidationModule } from '../consolidation.module';
import { MergeMemoriesUseCase } from './merge-memories/merge-memories.use-case';

const server = useChromaTestServer();
let namespaceCounter = 0;

describe.each([
  ['memory', () => new MemoryVectorStore() as VectorStore],
  ['chroma', () => new ChromaVectorStore({ url: server().url, lexicalIndexFile: server().lexicalIndexFile })],
])('lexical index through every write path (%s)', (_, createStore) => {
  const setup = () => {
    const kit = createForgettingTestKit({ store: createStore(), modules: [consolidationModule()] });
    const namespace = `lexical-${process.pid}-${namespaceCounter++}`;
    const context = { ...kit.context, namespace };
    const byWords = async (text: string) =>
      (await kit.container.get(MemoryRepository).matchingText(namespace, text, 10)).map((m) => m.memory.id);
    return {
      ...kit,
      context,
      namespace,
      byWords,
      remember: (content: string) => kit.remember({ content }, namespace),
    };
  };

  it('remember and update_memory', async () => {
    const { remember, byWords, container, context } = setup();
    const memory = await remember('Booked the lighthouse tour for Saturday');
    expect(await byWords('lighthouse')).toEqual([memory.id]);
    await container
      .get(UpdateMemoryUseCase)
      .execute({ memoryId: memory.id, content: 'Booked the canal cruise for Saturday' }, context);
    expect(await byWords('lighthouse')).toEqual([]);
    expect(await byWords('canal cruise')).toEqual([memory.id]);
  });

  it('forget and restore', async () => {
    const { remember, byWords, container, context } = setup();
    const memory = await remember('The otter sanctuary opens in May');
    const forget = container.get(ForgetUseCase);
    await forget.execute({ memoryId: memory.id }, context);
    await forget.execute({ memoryId: memory.id }, context);
    expect(await byWords('otter sanctuary')).toEqual([]);
    await container.get(RestoreUseCase).execute({ memoryId: memory.id }, context);
    expect(await byWords('otter sanctuary')).toEqual([memory.id]);
  });

  it('merge_memories', async () => {
    const { remember, byWords, container, context } = setup();
    const keep = await remember('Ana likes green tea');
    const remove = await remember('Ana drinks matcha every morning');
    // Recalled just before the merge: its access count is written a second later, after it is gone.
    await container.get(RecallUseCase).execute({ query: 'matcha every morning' }, context);
    await container.get(MergeMemoriesUseCase).execute(
      {
        keepId: keep.id,
        removeId: remove.id,
        mergedContent: 'Ana likes green tea, matcha most mornings',
      },
      context,
    );
    expect(await byWords('matcha')).toEqual([keep.id]);
    expect(await byWords('drinks')).toEqual([]);
    // Nothing is left beside the store for the integrity job (an empty copy of the removed memory was).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await container.get(MemoryRepository).reindexText(context.namespace, 'repair')).toEqual({
      indexed: 0,
      removed: 0,
    });
    expect(await container.get(LinkRepository).repairIndex(context.namespace)).toEqual({
      indexed: 0,
      removed: 0,
    });
  });
});
