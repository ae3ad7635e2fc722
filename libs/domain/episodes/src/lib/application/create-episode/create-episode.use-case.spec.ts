import { kyotoTripSetup } from '../../testing/episodes-test-kit';
import { EpisodeRepository } from '../episode.repository';

describe('CreateEpisodeUseCase', () => {
  it('groups the memories under the summary: start, end and importance from the members', async () => {
    const { create, ids, context, container } = await kyotoTripSetup();
    const { episode, members, droppedIds } = await create.execute(
      { memoryIds: [ids[2], ids[0], ids[1]], summary: '  Kyoto trip  ' },
      context,
    );
    expect(episode.summary).toBe('Kyoto trip');
    expect([...episode.memoryIds].sort()).toEqual([...ids].sort());
    expect(members.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(droppedIds).toEqual([]);
    const times = members.map((m) => m.createdAt).sort();
    expect([episode.startTime, episode.endTime]).toEqual([times[0], times[2]]);
    expect(episode.importance).toBe(4);
    expect(await container.get(EpisodeRepository).get(context.namespace, episode.id)).toEqual(episode);
  });

  it('drops unknown and repeated ids and reports the unknown ones', async () => {
    const { create, ids, context } = await kyotoTripSetup();
    const { episode, droppedIds } = await create.execute(
      { memoryIds: [ids[0], ` ${ids[0]} `, 'mem_missing'], summary: 'Arrival' },
      context,
    );
    expect(episode.memoryIds).toEqual([ids[0]]);
    expect(episode.importance).toBe(3);
    expect(droppedIds).toEqual(['mem_missing']);
  });

  it('refuses an empty summary, an empty list and a list of unknown ids, and saves nothing', async () => {
    const { create, ids, context, container } = await kyotoTripSetup();
    await expect(create.execute({ memoryIds: ids, summary: '  ' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(create.execute({ memoryIds: [' '], summary: 'x' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(create.execute({ memoryIds: ['mem_missing'], summary: 'x' }, context)).rejects.toMatchObject(
      {
        code: 'MEMORY_NOT_FOUND',
      },
    );
    const saved = [];
    for await (const episode of container.get(EpisodeRepository).all(context.namespace)) saved.push(episode);
    expect(saved).toEqual([]);
  });

  it('cannot include memories of another namespace', async () => {
    const { create, ids, context } = await kyotoTripSetup();
    await expect(
      create.execute({ memoryIds: ids, summary: 'x' }, { ...context, namespace: 'other' }),
    ).rejects.toMatchObject({ code: 'MEMORY_NOT_FOUND' });
  });
});
