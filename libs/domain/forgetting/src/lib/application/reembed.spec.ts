/**
 * Re-embedding a namespace into another model (behaviour §3): the old model is refused with a clear
 * message, the re-embedding survives an interruption, and afterwards every memory, link, episode
 * and trash entry is still there and recallable with the new model.
 */
import { CreateEpisodeUseCase, GetEpisodeUseCase } from '@kioku/episodes';
import { MemoryRepository, RecallUseCase, ReembedUseCase } from '@kioku/memory';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createForgettingTestKit } from '../testing/forgetting-test-kit';
import { MemoryDeleter } from './memory-deleter';
import { RestoreUseCase } from './restore/restore.use-case';

const TOPICS = ['tea', 'rain', 'guitar', 'garden', 'train'];

describe('reembed', () => {
  it('stops before its next write batch when its fence fails, and resumes from the last batch written', async () => {
    const store = new MemoryVectorStore();
    const before = createForgettingTestKit({ store, memory: { dedupDistance: 0 } });
    for (let i = 0; i < 25; i++)
      await before.remember({ content: `A note about ${TOPICS[i % 5]} number ${i}` });
    const newModel = new DeterministicEmbeddingProvider({ dimension: 64, modelId: 'fake:other-64' });
    const reembed = createForgettingTestKit({ store, embeddings: newModel }).container.get(ReembedUseCase);

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

  it('moves a namespace to a new model without losing a memory, a link, an episode or the trash', async () => {
    const store = new MemoryVectorStore();
    const before = createForgettingTestKit({ store, memory: { linkDistance: 1.2, dedupDistance: 0 } });
    const ids: string[] = [];
    for (let i = 0; i < 45; i++)
      ids.push((await before.remember({ content: `A note about ${TOPICS[i % 5]} number ${i}` })).id);
    const { episode } = await before.container
      .get(CreateEpisodeUseCase)
      .execute({ memory_ids: ids.slice(0, 4), summary: 'Notes' }, before.context);
    await before.container.get(MemoryDeleter).delete('test', ids[44], 'forget');
    const linksBefore = (await before.linkHealth()).links.length;

    const newModel = new DeterministicEmbeddingProvider({ dimension: 64, modelId: 'fake:other-64' });
    const after = createForgettingTestKit({ store, embeddings: newModel });
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
    expect(result).toMatchObject({
      status: 'done',
      resumed: true,
      fromModel: 'fake:hash-128',
      toModel: 'fake:other-64',
      total: 44,
      trashReembedded: 1,
      removedStale: 0,
    });
    expect(progress[0]).toBe('memories:10/44');

    const fresh = createForgettingTestKit({ store, embeddings: newModel });
    const repo = fresh.container.get(MemoryRepository);
    expect(await repo.count('test')).toBe(44);
    expect((await repo.getOne('test', ids[7], true))?.vector).toHaveLength(64);
    expect((await repo.getOne('test', ids[7]))?.memory.embeddingModel).toBe('fake:other-64');
    const health = await fresh.linkHealth();
    expect(health.links.length).toBe(linksBefore);
    expect(health.oneSided).toEqual([]);
    const recalled = await fresh.container
      .get(RecallUseCase)
      .execute({ query: 'A note about guitar number 7', n_results: 1 }, fresh.context);
    expect(recalled.results[0].memory.id).toBe(ids[7]);
    const got = await fresh.container
      .get(GetEpisodeUseCase)
      .execute({ episode_id: episode.id }, fresh.context);
    expect(got.status === 'found' && got.memories.length).toBe(4);
    expect(
      await fresh.container.get(RestoreUseCase).execute({ memory_id: ids[44] }, fresh.context),
    ).toMatchObject({ status: 'restored' });
    expect(await store.describeCollection('kioku_test_memories')).toBeNull();
    expect(await fresh.container.get(ReembedUseCase).execute({ namespace: 'test' })).toMatchObject({
      status: 'up_to_date',
    });
  });
});
