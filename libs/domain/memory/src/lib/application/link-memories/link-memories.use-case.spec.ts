import { LinkRepository } from '@kioku/links';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { RememberUseCase } from '../remember/remember.use-case';
import { LinkMemoriesUseCase } from './link-memories.use-case';

describe('LinkMemoriesUseCase', () => {
  async function setup() {
    const kit = createMemoryTestKit({ settings: { dedupDistance: 0, linkDistance: 0 } });
    const save = async (content: string) => {
      const result = await kit.container.get(RememberUseCase).execute({ content }, kit.context);
      if (result.status !== 'saved') throw new Error(result.status);
      return result.memory;
    };
    const [a, b] = [await save('Planted tomatoes in the garden'), await save('Bought a watering can')];
    return {
      ...kit,
      a,
      b,
      link: kit.container.get(LinkMemoriesUseCase),
      links: kit.container.get(LinkRepository),
    };
  }

  it('links two memories both ways with confidence 0.5, the note and the type asked for', async () => {
    const { link, links, a, b, context, clock } = await setup();
    const result = await link.execute(
      { sourceId: ` ${a.id}`, targetId: b.id, type: 'caused_by', note: ' for the garden ' },
      context,
    );
    if (result.status !== 'linked') throw new Error(result.status);
    expect(result.link).toEqual({
      sourceId: a.id,
      targetId: b.id,
      type: 'caused_by',
      confidence: 0.5,
      note: 'for the garden',
      createdAt: clock.now().toISOString(),
    });
    expect(result.memories.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(await links.find(context.namespace, a.id, b.id, 'caused_by')).not.toBeNull();
    expect(await links.find(context.namespace, b.id, a.id, 'caused_by')).not.toBeNull();
  });

  it('defaults to a related link, and reports an existing link of the same type without writing', async () => {
    const { link, links, a, b, context } = await setup();
    expect((await link.execute({ sourceId: a.id, targetId: b.id }, context)).status).toBe('linked');
    expect(await links.find(context.namespace, a.id, b.id, 'related')).not.toBeNull();
    const again = await link.execute({ sourceId: a.id, targetId: b.id, note: 'changed' }, context);
    expect(again).toMatchObject({ status: 'exists', sourceId: a.id, targetId: b.id, type: 'related' });
    expect((await links.find(context.namespace, a.id, b.id, 'related'))?.note).toBe('');
  });

  it('names the missing memories, also those of another namespace, and writes nothing', async () => {
    const { link, links, a, b, context } = await setup();
    expect(await link.execute({ sourceId: a.id, targetId: 'mem_missing' }, context)).toEqual({
      status: 'not_found',
      missingIds: ['mem_missing'],
    });
    expect(
      await link.execute({ sourceId: a.id, targetId: b.id }, { ...context, namespace: 'other' }),
    ).toEqual({
      status: 'not_found',
      missingIds: [a.id, b.id],
    });
    expect(await links.find(context.namespace, a.id, 'mem_missing', 'related')).toBeNull();
  });

  it('refuses a self-link', async () => {
    const { link, a, context } = await setup();
    await expect(link.execute({ sourceId: a.id, targetId: ` ${a.id} ` }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});
