import { LinkRepository } from '@kioku/links';
import { linkMemoriesText } from './link-memories.presenter';
import { LinkMemoriesUseCase, RememberUseCase } from '@kioku/memory';
import { createForgettingTestKit } from '@kioku/forgetting/testing';

describe('LinkMemoriesUseCase', () => {
  const setup = async () => {
    const kit = createForgettingTestKit({ memory: { linkDistance: 0 } });
    const remember = kit.container.get(RememberUseCase);
    const ids: string[] = [];
    for (const content of ['Lost my keys', 'Was late for work']) {
      const r = await remember.execute({ content }, kit.context);
      if (r.status === 'saved') ids.push(r.memory.id);
    }
    return {
      ...kit,
      ids,
      link: kit.container.get(LinkMemoriesUseCase),
      links: kit.container.get(LinkRepository),
    };
  };

  it('links both directions with confidence 0.5 and refuses the same link twice', async () => {
    const {
      ids: [a, b],
      link,
      links,
      context,
    } = await setup();
    const first = await link.execute({ sourceId: a, targetId: b, type: 'caused_by', note: 'keys' }, context);
    expect(linkMemoriesText(first)).toBe(`Linked ${a} ↔ ${b} (type: caused_by)`);
    expect(await links.find('test', b, a, 'caused_by')).toMatchObject({ confidence: 0.5, note: 'keys' });
    expect(
      linkMemoriesText(await link.execute({ sourceId: b, targetId: a, type: 'caused_by' }, context)),
    ).toBe(`Link already exists: ${b} ↔ ${a} (type: caused_by)`);
    expect((await link.execute({ sourceId: a, targetId: b }, context)).status).toBe('linked');
  });

  it('refuses missing memories and self-links, creating nothing', async () => {
    const {
      ids: [a],
      link,
      links,
      context,
    } = await setup();
    const missing = await link.execute({ sourceId: a, targetId: 'mem_000000000000' }, context);
    expect(linkMemoriesText(missing)).toMatch(/^Memory not found: mem_000000000000/);
    await expect(link.execute({ sourceId: a, targetId: a }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await links.findAll('test')).toEqual([]);
  });
});
