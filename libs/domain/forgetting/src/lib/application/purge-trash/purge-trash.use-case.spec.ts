import { createForgettingTestKit } from '../../testing/forgetting-test-kit';
import { MemoryDeleter } from '../memory-deleter';
import { TrashRepository } from '../trash.repository';
import { PurgeTrashUseCase } from './purge-trash.use-case';

const DAY = 86_400_000;

describe('PurgeTrashUseCase', () => {
  /** Three memories deleted 40, 31 and 2 days before "now", and one in another namespace 40 days ago. */
  async function setup() {
    const kit = createForgettingTestKit();
    const deleter = kit.container.get(MemoryDeleter);
    const ids: string[] = [];
    const other = await kit.remember({ content: 'Elsewhere: a note' }, 'other');
    await deleter.delete('other', other.id, 'forget');
    for (const [content, daysLater] of [
      ['Old shopping list', 0],
      ['Parking spot on level 3', 9],
      ['Called the plumber', 29],
    ] as const) {
      kit.clock.advance(daysLater * DAY);
      const memory = await kit.remember({ content });
      await deleter.delete(kit.context.namespace, memory.id, 'forget');
      ids.push(memory.id);
    }
    kit.clock.advance(2 * DAY);
    const trashed = async (namespace = kit.context.namespace) => {
      const found: string[] = [];
      for await (const entry of kit.container.get(TrashRepository).all(namespace))
        found.push(entry.memory.id);
      return found.sort();
    };
    return { ...kit, ids, trashed, purge: kit.container.get(PurgeTrashUseCase) };
  }

  it('purges the entries older than the retention period of the namespace, and keeps the rest', async () => {
    const { purge, context, ids, trashed, logs } = await setup();
    expect(await purge.execute(context.namespace)).toEqual({ purged: 2 });
    expect(await trashed()).toEqual([ids[2]]);
    expect(await trashed('other')).toHaveLength(1);
    expect(logs.records.some((r) => r.event === 'trash.purged' && r.fields['purged'] === 2)).toBe(true);
  });

  it('with retention 0 purges every entry (a store whose retention was turned down to 0)', async () => {
    const { store, context, trashed } = await setup();
    const noRetention = createForgettingTestKit({ store, forgetting: { trashRetentionDays: 0 } });
    noRetention.clock.advance(60 * DAY);
    const purge = noRetention.container.get(PurgeTrashUseCase);
    expect(await purge.execute(context.namespace)).toEqual({ purged: 3 });
    expect(await trashed()).toEqual([]);
  });

  it('asks the write fence first: a lost lease purges nothing', async () => {
    const { purge, context, trashed } = await setup();
    const beforeWrite = jest.fn(async () => {
      throw new Error('lease lost');
    });
    await expect(purge.execute(context.namespace, { beforeWrite })).rejects.toThrow('lease lost');
    expect(beforeWrite).toHaveBeenCalledTimes(1);
    expect(await trashed()).toHaveLength(3);
  });
});
