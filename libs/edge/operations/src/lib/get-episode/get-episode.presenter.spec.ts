import { MemoryRepository } from '@kioku/memory';
import { kyotoTripSetup } from '@kioku/episodes/testing';
import { getEpisodeText } from './get-episode.presenter';

describe('get_episode (behaviour §4.10)', () => {
  it('shows an episode spanning its memories, with their highest importance', async () => {
    const { create, get, ids, context } = await kyotoTripSetup();
    const created = await create.execute({ memoryIds: ids, summary: 'Kyoto trip' }, context);
    const text = getEpisodeText(await get.execute({ episodeId: created.episode.id }, context));
    expect(text.split('\n').slice(0, 5)).toEqual([
      `Episode: ${created.episode.id}`,
      'Summary: Kyoto trip',
      'Memories: 3',
      'Period: 2026-11-21T09:00:00.000Z → 2026-11-21T11:00:00.000Z',
      'Importance: 4',
    ]);
    expect(text).not.toContain('Note:');
  });

  it('notes memories that no longer exist (lazy cleanup)', async () => {
    const { create, get, ids, context, container } = await kyotoTripSetup();
    const { episode } = await create.execute({ memoryIds: ids, summary: 'Kyoto trip' }, context);
    await container.get(MemoryRepository).delete('test', [ids[0], ids[1]]);
    const text = getEpisodeText(await get.execute({ episodeId: episode.id }, context));
    expect(text).toContain('Memories: 1\n');
    expect(text).toContain('Note: 2 memory(ies) no longer exist.');
  });

  it('answers not found', async () => {
    const { get, context } = await kyotoTripSetup();
    expect(getEpisodeText(await get.execute({ episodeId: 'ep_000000000000' }, context))).toBe(
      'Episode not found: ep_000000000000',
    );
  });
});
