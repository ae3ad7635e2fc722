import { CreateEpisodeUseCase, EpisodeRepository } from '@kioku/episodes';
import { RestoreUseCase } from '@kioku/forgetting';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { MemoryRepository, type Memory } from '@kioku/memory';
import type { Link } from '@kioku/links';
import { consolidationModule } from '../../consolidation.module';
import { MergeMemoriesUseCase } from './merge-memories.use-case';

const link = (sourceId: string, targetId: string, type: Link['type'], confidence: number): Link => ({
  sourceId,
  targetId,
  type,
  confidence,
  note: '',
  createdAt: '',
});

describe('MergeMemoriesUseCase (behaviour §4.9)', () => {
  const setup = async () => {
    const kit = createForgettingTestKit({ modules: [consolidationModule()], memory: { linkDistance: 0 } });
    const make = (content: string, extra = {}) => kit.remember({ content, ...extra });
    const keep = await make("Today's conversation was fun. I learned a lot from Master.");
    const remove = await make("Today's conversation was enjoyable. Master taught me many things.");
    const [x, y, z] = [await make('Friend X'), await make('Friend Y'), await make('Friend Z')];
    await kit.links.saveBoth('test', [
      link(keep.id, remove.id, 'similar', 0.9),
      link(keep.id, x.id, 'related', 0.8),
      link(remove.id, x.id, 'related', 0.3),
      link(remove.id, y.id, 'caused_by', 0.7),
      link(keep.id, z.id, 'related', 0.2),
      link(remove.id, z.id, 'related', 0.6),
    ]);
    return { ...kit, keep, remove, x, y, z, merge: kit.container.get(MergeMemoriesUseCase) };
  };

  it('re-embeds merged content, replaces the removed id in episodes, and is restorable', async () => {
    const { merge, context, keep, remove, container, embeddings } = await setup();
    const { episode } = await container
      .get(CreateEpisodeUseCase)
      .execute({ memory_ids: [keep.id, remove.id], summary: 'Talk' }, context);
    const before = (embeddings as unknown as { calls: number }).calls;
    const result = await merge.execute(
      {
        keep_id: keep.id,
        remove_id: remove.id,
        merged_content: 'Talking with Master today was fun and I learned many things.',
      },
      context,
    );
    expect(result).toMatchObject({ status: 'merged', contentChanged: true, episodesUpdated: 1 });
    expect((embeddings as unknown as { calls: number }).calls).toBe(before + 1);
    const kept = (await container.get(MemoryRepository).getOne('test', keep.id)) as { memory: Memory };
    expect(kept.memory.content).toBe('Talking with Master today was fun and I learned many things.');
    expect((await container.get(EpisodeRepository).get('test', episode.id))?.memoryIds).toEqual([keep.id]);
    expect(await container.get(RestoreUseCase).execute({ memory_id: remove.id }, context)).toMatchObject({
      status: 'restored',
    });
  });
});
