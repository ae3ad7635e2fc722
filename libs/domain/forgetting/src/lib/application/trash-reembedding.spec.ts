/**
 * The trash follows the memories into a new model (behaviour §3): forgetting registers it for
 * re-embedding, so after `reembed` a forgotten memory is restored with a vector of the new model,
 * and its episode still finds it.
 */
import { CreateEpisodeUseCase, GetEpisodeUseCase } from '@kioku/episodes';
import { MemoryRepository, ReembedUseCase } from '@kioku/memory';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createForgettingTestKit } from '../testing/forgetting-test-kit';
import { MemoryDeleter } from './memory-deleter';
import { RestoreUseCase } from './restore/restore.use-case';

describe('re-embedding with the trash', () => {
  it('copies the trash to the new model, and a trashed memory restores into it with its links and episode', async () => {
    const store = new MemoryVectorStore();
    const before = createForgettingTestKit({ store, memory: { linkDistance: 1.2, dedupDistance: 0 } });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await before.remember({ content: `A note about tea number ${i}` })).id);
    const { episode } = await before.container
      .get(CreateEpisodeUseCase)
      .execute({ memoryIds: ids.slice(0, 4), summary: 'Notes' }, before.context);
    const linksBefore = (await before.linkHealth()).links.length;
    await before.container.get(MemoryDeleter).delete('test', ids[0], 'forget');

    const newModel = new DeterministicEmbeddingProvider({ dimension: 64, modelId: 'fake:other-64' });
    const after = createForgettingTestKit({ store, embeddings: newModel });
    const result = await after.container.get(ReembedUseCase).execute({ namespace: 'test', batchSize: 2 });
    expect(result).toMatchObject({
      status: 'done',
      total: 5,
      reembedded: 5,
      reembeddedByCollection: { memories: 5, trash: 1 },
    });
    expect(await store.describeCollection('kioku_test_trash')).toBeNull();
    expect(await store.describeCollection('kioku_test_trash_g2')).toMatchObject({ dimension: 64 });

    const fresh = createForgettingTestKit({ store, embeddings: newModel });
    expect(
      await fresh.container.get(RestoreUseCase).execute({ memoryId: ids[0] }, fresh.context),
    ).toMatchObject({ status: 'restored' });
    expect((await fresh.container.get(MemoryRepository).getOne('test', ids[0], true))?.vector).toHaveLength(
      64,
    );
    const health = await fresh.linkHealth();
    expect(health.links.length).toBe(linksBefore);
    expect(health.oneSided).toEqual([]);
    const got = await fresh.container
      .get(GetEpisodeUseCase)
      .execute({ episodeId: episode.id }, fresh.context);
    expect(got.status === 'found' && got.memories.map((m) => m.id).sort()).toEqual(ids.slice(0, 4).sort());
  });
});
