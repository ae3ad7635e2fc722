import { TrashRepository } from '@kioku/forgetting';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { MemoryRepository } from '@kioku/memory';
import type { Link } from '@kioku/links';
import { mergeMemoriesText } from './consolidation.presenter';
import { MergeMemoriesUseCase, consolidationModule } from '@kioku/consolidation';

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

  it('carries the links over (no self-link, no duplicate, higher confidence wins) and trashes the removed memory', async () => {
    const { merge, context, keep, remove, x, y, z, links, linkHealth, container } = await setup();
    const result = await merge.execute({ keep_id: keep.id, remove_id: remove.id }, context);
    expect(mergeMemoriesText(result)).toBe(
      `Merged ${remove.id} into ${keep.id}. 2 link(s) carried over. ${remove.id} is in the trash; restore brings it back.`,
    );
    const fromKeep = await links.linksFrom('test', [keep.id]);
    const summary = fromKeep
      .map(
        (l) =>
          `${l.targetId === x.id ? 'x' : l.targetId === y.id ? 'y' : l.targetId === z.id ? 'z' : l.targetId}:${l.type}:${l.confidence}`,
      )
      .sort();
    expect(summary).toEqual(['x:related:0.8', 'y:caused_by:0.7', 'z:related:0.6']);
    const health = await linkHealth();
    expect(health.oneSided).toEqual([]);
    expect(health.dangling).toEqual([]);
    expect(await container.get(TrashRepository).get('test', remove.id)).toMatchObject({ reason: 'merge' });
  });

  it('refuses missing, identical and protected memories, changing nothing', async () => {
    const { merge, context, keep, remove, container, remember } = await setup();
    const pinned = await remember({ content: 'Pinned thought', importance: 5 });
    expect(
      mergeMemoriesText(await merge.execute({ keep_id: keep.id, remove_id: 'mem_000000000000' }, context)),
    ).toMatch(/^Memory not found: mem_000000000000/);
    expect(await merge.execute({ keep_id: keep.id, remove_id: pinned.id }, context)).toMatchObject({
      status: 'protected',
    });
    await expect(merge.execute({ keep_id: keep.id, remove_id: keep.id }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    const repo = container.get(MemoryRepository);
    expect((await repo.get('test', [keep.id, remove.id, pinned.id])).length).toBe(3);
  });
});
