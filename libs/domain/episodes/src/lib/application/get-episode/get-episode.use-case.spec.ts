import { MemoryRepository } from '@kioku/memory';
import { kyotoTripSetup } from '../../testing/episodes-test-kit';

describe('GetEpisodeUseCase', () => {
  it('returns the episode with its memories', async () => {
    const { create, get, ids, context } = await kyotoTripSetup();
    const { episode } = await create.execute({ memoryIds: ids, summary: 'Kyoto trip' }, context);
    const result = await get.execute({ episodeId: ` ${episode.id} ` }, context);
    if (result.status !== 'found') throw new Error(result.status);
    expect(result.episode).toEqual(episode);
    expect(result.memories.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(result.missingCount).toBe(0);
  });

  it('leaves out memories deleted since, and counts them', async () => {
    const { create, get, ids, context, container } = await kyotoTripSetup();
    const { episode } = await create.execute({ memoryIds: ids, summary: 'Kyoto trip' }, context);
    await container.get(MemoryRepository).delete(context.namespace, [ids[1]]);
    const result = await get.execute({ episodeId: episode.id }, context);
    if (result.status !== 'found') throw new Error(result.status);
    expect(result.memories.map((m) => m.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(result.missingCount).toBe(1);
    expect(result.episode.memoryIds).toHaveLength(3);
  });

  it('does not find an unknown episode, nor one of another namespace', async () => {
    const { create, get, ids, context } = await kyotoTripSetup();
    const { episode } = await create.execute({ memoryIds: ids, summary: 'Kyoto trip' }, context);
    expect(await get.execute({ episodeId: 'ep_missing' }, context)).toEqual({
      status: 'not_found',
      episodeId: 'ep_missing',
    });
    expect(await get.execute({ episodeId: episode.id }, { ...context, namespace: 'other' })).toEqual({
      status: 'not_found',
      episodeId: episode.id,
    });
  });
});
