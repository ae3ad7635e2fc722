import { createForgettingTestKit } from '../../testing/forgetting-test-kit';
import { MemoryDeleter } from '../memory-deleter';
import { TrashRepository } from '../trash.repository';
import { NamespaceOverviewUseCase } from './namespace-overview.use-case';

describe('NamespaceOverviewUseCase', () => {
  it('adds the day-by-day history, from the memories and the trash, to the statistics', async () => {
    const kit = createForgettingTestKit();
    kit.clock.set('2026-11-01T09:00:00.000Z');
    const first = await kit.remember({ content: 'The user moved to Lisbon in spring.', importance: 5 });
    await kit.remember({ content: 'Booked a dentist appointment for Friday.', tags: ['health'] });
    kit.clock.set('2026-11-03T09:00:00.000Z');
    const third = await kit.remember({ content: 'The team switched to a four-day week.', private: true });
    await kit.container.get(MemoryDeleter).delete(kit.context.namespace, first.id, 'forget');

    const overview = await kit.container.get(NamespaceOverviewUseCase).execute({}, kit.context);

    expect(overview).toMatchObject({
      total: 2,
      private: 1,
      pinned: 0,
      createdPerDay: [
        { day: '2026-11-01', count: 1 },
        { day: '2026-11-03', count: 1 },
      ],
      tags: [{ name: 'health', count: 1 }],
    });
    expect(overview.history).toEqual([
      { day: '2026-11-01', added: 2, forgotten: 0, total: 2 },
      { day: '2026-11-03', added: 1, forgotten: 1, total: 2 },
    ]);
    expect(third.isPrivate).toBe(true);
  });

  it('leaves out a trash entry being restored (it is back among the memories)', async () => {
    const kit = createForgettingTestKit();
    kit.clock.set('2026-11-01T09:00:00.000Z');
    const memory = await kit.remember({ content: 'The garden needs water on hot days.' });
    kit.clock.set('2026-11-02T09:00:00.000Z');
    await kit.container.get(MemoryDeleter).delete(kit.context.namespace, memory.id, 'forget');
    await kit.container.get(TrashRepository).markRestoring(kit.context.namespace, memory.id);

    const overview = await kit.container.get(NamespaceOverviewUseCase).execute({}, kit.context);

    expect(overview.total).toBe(0);
    expect(overview.history).toEqual([]);
  });
});
