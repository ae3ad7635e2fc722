import { MemoryDeleter } from '@kioku/forgetting';
import { createForgettingTestKit } from '@kioku/forgetting/testing';
import { MemoryRepository } from '@kioku/memory';
import { consolidationModule } from '../../consolidation.module';
import { ConsolidationStateRepository } from '../consolidation-state.repository';
import { WakeUpUseCase } from './wake-up.use-case';

describe('WakeUpUseCase', () => {
  function setup() {
    const kit = createForgettingTestKit({ modules: [consolidationModule()], memory: { dedupDistance: 0 } });
    return { ...kit, wakeUp: kit.container.get(WakeUpUseCase) };
  }

  it('on an empty namespace: nothing recent, no introspection, nothing to review', async () => {
    const { wakeUp, context } = setup();
    expect(await wakeUp.execute({}, context)).toEqual({
      total: 0,
      recent: [],
      latestIntrospection: null,
      pendingMergePairs: 0,
    });
  });

  it('counts the memories, names the three newest (newest first) and the latest introspection', async () => {
    const { wakeUp, context, remember, clock } = setup();
    const saved = [];
    for (const [content, category] of [
      ['I tend to over-plan trips', 'introspection'],
      ['Bought a new kettle', 'event'],
      ['I work best in the morning', 'introspection'],
      ['Alice prefers tea', 'fact'],
      ['Booked the train to Osaka', 'event'],
    ] as const) {
      saved.push(await remember({ content, category }));
      clock.advance(60_000);
    }
    await remember({ content: 'Another namespace entirely' }, 'other');

    const result = await wakeUp.execute({}, context);
    expect(result.total).toBe(5);
    expect(result.recent.map((m) => m.content)).toEqual([
      'Booked the train to Osaka',
      'Alice prefers tea',
      'I work best in the morning',
    ]);
    expect(result.latestIntrospection?.id).toBe(saved[2].id);
  });

  it('leaves private memories out of the recent ones and the introspection when asked to', async () => {
    const { wakeUp, context, remember, clock } = setup();
    const open = await remember({ content: 'I think better on walks', category: 'introspection' });
    clock.advance(60_000);
    await remember({ content: 'I am afraid of the exam', category: 'introspection', private: true });
    const result = await wakeUp.execute({ includePrivate: false }, context);
    expect(result.total).toBe(2);
    expect(result.recent.map((m) => m.id)).toEqual([open.id]);
    expect(result.latestIntrospection?.id).toBe(open.id);
    expect((await wakeUp.execute({}, context)).recent).toHaveLength(2);
  });

  it('reads only: no access is counted', async () => {
    const { wakeUp, context, remember, container } = setup();
    const memory = await remember({ content: 'Watered the plants' });
    await wakeUp.execute({}, context);
    const stored = await container.get(MemoryRepository).getOne(context.namespace, memory.id);
    expect(stored?.memory.accessCount).toBe(memory.accessCount);
    expect(stored?.memory.lastAccessedAt).toBe(memory.lastAccessedAt);
  });

  it('counts the merge pairs of the last consolidation whose memories both still exist', async () => {
    const { wakeUp, context, remember, container } = setup();
    const [a, b, c, d] = [
      await remember({ content: 'Met Bob at the cafe' }),
      await remember({ content: 'Saw Bob at the cafe' }),
      await remember({ content: 'Ran five kilometres' }),
      await remember({ content: 'Ran 5 km this morning' }),
    ];
    await container.get(ConsolidationStateRepository).save(context.namespace, {
      lastRunAt: new Date().toISOString(),
      mergeCandidates: [
        { a: a.id, b: b.id, similarity: 0.95 },
        { a: c.id, b: d.id, similarity: 0.93 },
      ],
    });
    expect((await wakeUp.execute({}, context)).pendingMergePairs).toBe(2);

    await container.get(MemoryDeleter).delete(context.namespace, d.id, 'forget');
    expect((await wakeUp.execute({}, context)).pendingMergePairs).toBe(1);
    expect((await wakeUp.execute({}, { ...context, namespace: 'other' })).pendingMergePairs).toBe(0);
  });
});
