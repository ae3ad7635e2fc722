import { createForgettingTestKit } from '../../testing/forgetting-test-kit';
import { MemoryDeleter } from '../memory-deleter';
import { TrashRepository } from '../trash.repository';
import { ListTrashUseCase } from './list-trash.use-case';

describe('ListTrashUseCase', () => {
  async function setup() {
    const kit = createForgettingTestKit();
    const deleter = kit.container.get(MemoryDeleter);
    const ids: string[] = [];
    for (const [i, content] of [
      'Fed the cat at seven.',
      'Paid the electricity bill.',
      'Read two chapters.',
    ].entries()) {
      const memory = await kit.remember({ content });
      kit.clock.set(`2026-11-0${i + 1}T12:00:00.000Z`);
      await deleter.delete(kit.context.namespace, memory.id, i === 1 ? 'auto_forget' : 'forget');
      ids.push(memory.id);
    }
    return { ...kit, ids, list: kit.container.get(ListTrashUseCase) };
  }

  it('lists the newest deletion first with its reason, at most `limit`, and counts them all', async () => {
    const { list, context, ids } = await setup();
    const listing = await list.execute({ limit: 2 }, context);
    expect(listing.total).toBe(3);
    expect(listing.entries.map((e) => [e.memory.id, e.reason, e.deletedAt])).toEqual([
      [ids[2], 'forget', '2026-11-03T12:00:00.000Z'],
      [ids[1], 'auto_forget', '2026-11-02T12:00:00.000Z'],
    ]);
  });

  it('leaves out an entry being restored, and another namespace sees an empty trash', async () => {
    const { list, context, ids, container } = await setup();
    await container.get(TrashRepository).markRestoring(context.namespace, ids[2]);
    const listing = await list.execute({ limit: 10 }, context);
    expect(listing.total).toBe(2);
    expect(listing.entries.map((e) => e.memory.id)).toEqual([ids[1], ids[0]]);
    expect(await list.execute({ limit: 10 }, { ...context, namespace: 'other' })).toEqual({
      total: 0,
      entries: [],
    });
  });
});
