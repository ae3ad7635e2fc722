import { CreateEpisodeUseCase, EpisodeRepository } from '@kioku/episodes';
import { RestoreUseCase } from '@kioku/forgetting';
import { MemoryRepository, type Memory } from '@kioku/memory';
import { mergeScenario } from '../../testing/consolidation-test-kit';

describe('MergeMemoriesUseCase (behaviour §4.9)', () => {
  it('re-embeds merged content, replaces the removed id in episodes, and is restorable', async () => {
    const { merge, context, keep, remove, container, embeddings } = await mergeScenario();
    const { episode } = await container
      .get(CreateEpisodeUseCase)
      .execute({ memoryIds: [keep.id, remove.id], summary: 'Talk' }, context);
    const before = (embeddings as unknown as { calls: number }).calls;
    const result = await merge.execute(
      {
        keepId: keep.id,
        removeId: remove.id,
        mergedContent: 'Talking with Master today was fun and I learned many things.',
      },
      context,
    );
    expect(result).toMatchObject({ status: 'merged', contentChanged: true, episodesUpdated: 1 });
    expect((embeddings as unknown as { calls: number }).calls).toBe(before + 1);
    const kept = (await container.get(MemoryRepository).getOne('test', keep.id)) as { memory: Memory };
    expect(kept.memory.content).toBe('Talking with Master today was fun and I learned many things.');
    expect((await container.get(EpisodeRepository).get('test', episode.id))?.memoryIds).toEqual([keep.id]);
    expect(await container.get(RestoreUseCase).execute({ memoryId: remove.id }, context)).toMatchObject({
      status: 'restored',
    });
  });

  it('checks a merge without changing anything: ready with both memories, missing, or protected', async () => {
    const { merge, context, keep, remove, container, remember } = await mergeScenario();
    expect(await merge.check({ keepId: keep.id, removeId: remove.id }, context)).toMatchObject({
      status: 'ready',
      keep: { id: keep.id },
      remove: { id: remove.id },
    });
    expect(await merge.check({ keepId: keep.id, removeId: 'mem_000000000000' }, context)).toEqual({
      status: 'not_found',
      missingIds: ['mem_000000000000'],
    });
    const pinned = await remember({ content: 'A pinned lesson about tides.', importance: 5 });
    expect(await merge.check({ keepId: keep.id, removeId: pinned.id }, context)).toMatchObject({
      status: 'protected',
      memory: { id: pinned.id },
    });
    await expect(merge.check({ keepId: keep.id, removeId: keep.id }, context)).rejects.toThrow(/different/);
    expect(await container.get(MemoryRepository).getOne('test', remove.id)).not.toBeNull();
  });
});
