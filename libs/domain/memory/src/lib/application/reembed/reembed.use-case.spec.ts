/**
 * Re-embedding a namespace into another model (behaviour §3): the old model is refused with a clear
 * message, the re-embedding survives an interruption and a failed fence, and afterwards every memory
 * and link is still there and recallable with the new model. (The trash moving along is forgetting's
 * registration, tested there.)
 */
import { LinkRepository, type Link } from '@kioku/links';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import type { VectorStore } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import type { MemorySettings } from '../../memory-settings';
import { MemoryRepository } from '../memory.repository';
import { RecallUseCase } from '../recall/recall.use-case';
import { RememberUseCase } from '../remember/remember.use-case';
import { ReembedUseCase } from './reembed.use-case';

const TOPICS = ['tea', 'rain', 'guitar', 'garden', 'train'];
const NEW_MODEL = () => new DeterministicEmbeddingProvider({ dimension: 64, modelId: 'fake:other-64' });

/** A kit on `store` with `count` memories remembered by the default fake model; their ids. */
async function namespaceWithMemories(store: VectorStore, count: number, settings: Partial<MemorySettings>) {
  const kit = createMemoryTestKit({ store, settings });
  const remember = kit.container.get(RememberUseCase);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const content = `A note about ${TOPICS[i % 5]} number ${i}`;
    const result = await remember.execute({ content, force: true }, kit.context);
    if (result.status !== 'saved') throw new Error('not saved');
    ids.push(result.memory.id);
  }
  return { kit, ids };
}

const linkKey = (l: Link) => `${l.sourceId}>${l.targetId}>${l.type}`;

describe('ReembedUseCase', () => {
  it('stops before its next write batch when its fence fails, and resumes from the last batch written', async () => {
    const store = new MemoryVectorStore();
    const { kit: before } = await namespaceWithMemories(store, 25, { dedupDistance: 0 });
    const reembed = createMemoryTestKit({ store, embeddings: NEW_MODEL() }).container.get(ReembedUseCase);

    const batchesWritten: number[] = [];
    let checks = 0;
    await expect(
      reembed.execute({
        namespace: 'test',
        batchSize: 10,
        // The first check guards the setup, the next two the first two batches; the third batch is refused.
        beforeWrite: () => (++checks > 3 ? Promise.reject(new Error('lease lost')) : Promise.resolve()),
        onProgress: (p) => batchesWritten.push(p.done),
      }),
    ).rejects.toThrow('lease lost');
    expect(batchesWritten).toEqual([10, 20]);
    // Still on its old model: the switch is a write too, and it never came.
    await before.container.get(MemoryRepository).open('test'); // throws MODEL_MISMATCH once switched

    const result = await reembed.execute({ namespace: 'test', batchSize: 10 });
    expect(result).toMatchObject({ status: 'done', resumed: true, total: 25 });
  });

  it('moves a namespace to a new model without losing a memory or a link', async () => {
    const store = new MemoryVectorStore();
    const { kit: before, ids } = await namespaceWithMemories(store, 44, {
      linkDistance: 1.2,
      dedupDistance: 0,
    });
    const linksBefore = (await before.container.get(LinkRepository).findAll('test')).map(linkKey).sort();
    expect(linksBefore.length).toBeGreaterThan(0);

    const after = createMemoryTestKit({ store, embeddings: NEW_MODEL() });
    await expect(after.container.get(MemoryRepository).open('test')).rejects.toMatchObject({
      code: 'MODEL_MISMATCH',
      message: expect.stringMatching(
        /"fake:hash-128" \(dimension 128\).*"fake:other-64" \(dimension 64\).*bin\/kioku reembed --namespace test/,
      ),
    });

    const reembed = after.container.get(ReembedUseCase);
    await expect(
      reembed.execute({
        namespace: 'test',
        batchSize: 10,
        onProgress: (p) => {
          if (p.phase === 'memories' && p.done >= 20) throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');

    const progress: string[] = [];
    const result = await reembed.execute({
      namespace: 'test',
      batchSize: 10,
      onProgress: (p) => progress.push(`${p.phase}:${p.done}/${p.total}`),
    });
    expect(result).toEqual({
      status: 'done',
      resumed: true,
      fromModel: 'fake:hash-128',
      toModel: 'fake:other-64',
      total: 44,
      reembedded: 24,
      reembeddedByCollection: { memories: 24 },
      removedStale: 0,
    });
    expect(progress).toEqual(['memories:10/44', 'memories:20/44', 'memories:24/44', 'reconcile:44/44']);

    const fresh = createMemoryTestKit({ store, embeddings: NEW_MODEL() });
    const repo = fresh.container.get(MemoryRepository);
    expect(await repo.count('test')).toBe(44);
    expect((await repo.getOne('test', ids[7], true))?.vector).toHaveLength(64);
    expect((await repo.getOne('test', ids[7]))?.memory.embeddingModel).toBe('fake:other-64');
    const linksAfter = (await fresh.container.get(LinkRepository).findAll('test')).map(linkKey).sort();
    expect(linksAfter).toEqual(linksBefore);
    const recalled = await fresh.container
      .get(RecallUseCase)
      .execute({ query: 'A note about guitar number 7', limit: 1 }, fresh.context);
    expect(recalled.results[0].memory.id).toBe(ids[7]);
    expect(await store.describeCollection('kioku_test_memories')).toBeNull();
    expect(await store.describeCollection('kioku_test_memories_g2')).toMatchObject({ dimension: 64 });
    expect(await fresh.container.get(ReembedUseCase).execute({ namespace: 'test' })).toMatchObject({
      status: 'up_to_date',
    });
  });

  it('copies memories deleted or added during an interrupted run the way the source ends up', async () => {
    const store = new MemoryVectorStore();
    const { kit: before, ids } = await namespaceWithMemories(store, 12, { dedupDistance: 0 });
    const reembed = createMemoryTestKit({ store, embeddings: NEW_MODEL() }).container.get(ReembedUseCase);
    await expect(
      reembed.execute({
        namespace: 'test',
        batchSize: 5,
        onProgress: (p) => {
          if (p.done >= 5) throw new Error('interrupted');
        },
      }),
    ).rejects.toThrow('interrupted');
    // Meanwhile, on the old model: one memory already copied is deleted, one new memory arrives.
    const [copied] = (await store.find('kioku_test_memories_g2', { limit: 1 })).records;
    await before.container.get(MemoryRepository).delete('test', [copied.id]);
    const { ids: added } = await namespaceWithMemories(store, 1, { dedupDistance: 0 });

    const result = await reembed.execute({ namespace: 'test', batchSize: 5 });
    expect(result).toMatchObject({ status: 'done', resumed: true, removedStale: 1 });
    const repo = createMemoryTestKit({ store, embeddings: NEW_MODEL() }).container.get(MemoryRepository);
    expect(await repo.count('test')).toBe(12);
    expect(await repo.getOne('test', copied.id)).toBeNull();
    expect(ids).toContain(copied.id);
    expect((await repo.getOne('test', added[0], true))?.vector).toHaveLength(64);
  });
});
