import { MemoryRepository } from '../memory.repository';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { RememberUseCase } from '../remember/remember.use-case';
import { ReadMemoriesUseCase } from './read-memories.use-case';

describe('ReadMemoriesUseCase', () => {
  async function setup() {
    const kit = createMemoryTestKit({ settings: { dedupDistance: 0 } });
    const save = async (content: string, isPrivate = false) => {
      const result = await kit.container
        .get(RememberUseCase)
        .execute({ content, private: isPrivate }, kit.context);
      if (result.status !== 'saved') throw new Error(result.status);
      kit.clock.advance(60_000);
      return result.memory;
    };
    const first = await save('Tried a new ramen place');
    const secret = await save('My bank PIN hint is the cat', true);
    const last = await save('Finished the puzzle');
    return { ...kit, first, secret, last, read: kit.container.get(ReadMemoriesUseCase) };
  }

  it('reads one memory by id; a private one only when asked for', async () => {
    const { read, first, secret, context } = await setup();
    expect((await read.get(first.id, context))?.content).toBe('Tried a new ramen place');
    expect(await read.get(secret.id, context)).toBeNull();
    expect((await read.get(secret.id, context, { includePrivate: true }))?.id).toBe(secret.id);
    expect(await read.get('mem_missing', context)).toBeNull();
    expect(await read.get(first.id, { ...context, namespace: 'other' })).toBeNull();
  });

  it('lists the newest memories first, at most `limit`, leaving private ones out unless asked for', async () => {
    const { read, first, secret, last, context } = await setup();
    expect((await read.newest(context, 10)).map((m) => m.id)).toEqual([last.id, first.id]);
    expect((await read.newest(context, 1)).map((m) => m.id)).toEqual([last.id]);
    expect((await read.newest(context, 10, { includePrivate: true })).map((m) => m.id)).toEqual([
      last.id,
      secret.id,
      first.id,
    ]);
    const since = new Date(new Date(secret.createdAt).getTime());
    expect((await read.newest(context, 10, { since, includePrivate: true })).map((m) => m.id)).toEqual([
      last.id,
      secret.id,
    ]);
  });

  it('finds the memories about a subject as recall ranks them, private ones only when asked for', async () => {
    const { read, first, secret, context } = await setup();
    const about = await read.about('ramen place', context, { limit: 3 });
    expect(about[0]?.id).toBe(first.id);
    expect(about.map((m) => m.id)).not.toContain(secret.id);
    const withPrivate = await read.about('bank PIN hint cat', context, { limit: 3, includePrivate: true });
    expect(withPrivate[0]?.id).toBe(secret.id);
    expect(await read.about('ramen place', context, { limit: 3, category: 'dream' })).toEqual([]);
    await expect(read.about('ramen', context, { limit: 3, category: 'nonsense' })).rejects.toThrow(
      /Unknown category/,
    );
  });

  it('reads every memory of the namespace page by page, private ones included', async () => {
    const { read, first, secret, last, context } = await setup();
    const pages: string[][] = [];
    for await (const page of read.pages(context, 2)) pages.push(page.map((m) => m.id));
    expect(pages.every((page) => page.length <= 2)).toBe(true);
    expect(pages.flat().sort()).toEqual([first.id, secret.id, last.id].sort());
  });

  it('is passive: no access is counted', async () => {
    const { read, first, context, container } = await setup();
    await read.get(first.id, context);
    await read.newest(context, 10);
    await read.about('ramen', context, { limit: 3 });
    const stored = await container.get(MemoryRepository).getOne(context.namespace, first.id);
    expect(stored?.memory.accessCount).toBe(first.accessCount);
    expect(stored?.memory.lastAccessedAt).toBe(first.lastAccessedAt);
  });
});
