import { kyotoTripSetup } from '@kioku/episodes/testing';
import { createEpisodeStructured, createEpisodeText } from './create-episode.presenter';

describe('create_episode (behaviour §4.10)', () => {
  it('creates an episode of its memories, dropping unknown ids, and says which it skipped', async () => {
    const { create, ids, context } = await kyotoTripSetup();
    const created = await create.execute(
      { memoryIds: [...ids, 'mem_000000000000'], summary: 'Kyoto trip' },
      context,
    );
    expect(createEpisodeText(created)).toBe(
      `Created episode ${created.episode.id} with 3 memories.\nSkipped unknown ids: mem_000000000000`,
    );
    expect(created.episode.id).toMatch(/^ep_[0-9a-f]{12}$/);
    expect(createEpisodeStructured(created)).toEqual({
      episodeId: created.episode.id,
      memoryIds: ids,
      droppedIds: ['mem_000000000000'],
      memories: ids.map((id) => ({ id, private: false })),
    });
  });

  it('says when the summary was drafted by the client model', async () => {
    const { create, ids, context } = await kyotoTripSetup();
    const created = await create.execute({ memoryIds: ids, summary: 'Kyoto trip' }, context);
    const drafted = { ...created, summaryDrafted: true as const };
    expect(createEpisodeText(drafted)).toContain(`Summary drafted by your client's model: "Kyoto trip"`);
    expect(createEpisodeStructured(drafted)).toMatchObject({ summaryDrafted: true });
  });

  it('refuses an empty list or a list of unknown ids', async () => {
    const { create, context } = await kyotoTripSetup();
    await expect(create.execute({ memoryIds: [], summary: 'x' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      create.execute({ memoryIds: ['mem_000000000000'], summary: 'x' }, context),
    ).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND' });
    await expect(
      create.execute({ memoryIds: ['mem_000000000000'], summary: ' ' }, context),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
