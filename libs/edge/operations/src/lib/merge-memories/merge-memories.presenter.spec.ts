import { TrashRepository } from '@kioku/forgetting';
import { MemoryRepository } from '@kioku/memory';
import { mergeMemoriesText } from './merge-memories.presenter';
import { mergeScenario } from '@kioku/consolidation/testing';

describe('MergeMemoriesUseCase (behaviour §4.9)', () => {
  it('carries the links over (no self-link, no duplicate, higher confidence wins) and trashes the removed memory', async () => {
    const { merge, context, keep, remove, x, y, z, links, linkHealth, container } = await mergeScenario();
    const result = await merge.execute({ keepId: keep.id, removeId: remove.id }, context);
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
    const { merge, context, keep, remove, container, remember } = await mergeScenario();
    const pinned = await remember({ content: 'Pinned thought', importance: 5 });
    expect(
      mergeMemoriesText(await merge.execute({ keepId: keep.id, removeId: 'mem_000000000000' }, context)),
    ).toMatch(/^Memory not found: mem_000000000000/);
    expect(await merge.execute({ keepId: keep.id, removeId: pinned.id }, context)).toMatchObject({
      status: 'protected',
    });
    await expect(merge.execute({ keepId: keep.id, removeId: keep.id }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    const repo = container.get(MemoryRepository);
    expect((await repo.get('test', [keep.id, remove.id, pinned.id])).length).toBe(3);
  });
});
