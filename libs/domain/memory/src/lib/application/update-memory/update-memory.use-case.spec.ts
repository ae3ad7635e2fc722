import { updateSetup } from '../../testing/memory-setups';

describe('UpdateMemoryUseCase', () => {
  it('re-embeds on a content change, drops stale similar links and re-links', async () => {
    const { save, update, context, links, repo } = updateSetup();
    const cats = await save('My cat sleeps on the warm windowsill');
    const m = await save('My cat sleeps on the sofa all day');
    expect(await links.find('test', m.id, cats.id, 'similar')).not.toBeNull();
    const guitar = await save('Practised guitar chords for an hour');
    const result = await update.execute(
      { memoryId: m.id, content: 'Practised guitar scales for an hour' },
      context,
    );
    if (result.status !== 'updated') throw new Error(result.status);
    expect(result.changed).toEqual(['content']);
    expect(await links.find('test', m.id, cats.id, 'similar')).toBeNull();
    expect(await links.find('test', cats.id, m.id, 'similar')).toBeNull();
    expect(await links.find('test', guitar.id, m.id, 'similar')).not.toBeNull();
    expect((await repo.getOne('test', m.id))?.memory.content).toBe('Practised guitar scales for an hour');
  });

  it('keeps manual links when the content changes', async () => {
    const { save, update, context, links, clock } = updateSetup();
    const a = await save('Started reading a novel');
    const b = await save('Finished the crossword');
    await links.saveBoth('test', [
      {
        sourceId: a.id,
        targetId: b.id,
        type: 'related',
        confidence: 0.5,
        note: '',
        createdAt: clock.now().toISOString(),
      },
    ]);
    await update.execute({ memoryId: a.id, content: 'Started reading a long novel' }, context);
    expect(await links.find('test', b.id, a.id, 'related')).not.toBeNull();
  });

  it('changes emotion with the new emotion defaults unless numbers are given', async () => {
    const { save, update, context } = updateSetup();
    const m = await save('Rain all afternoon', { emotion: 'calm' });
    const result = await update.execute(
      { memoryId: m.id, emotion: 'melancholy', tags: ['rain', 'weather'] },
      context,
    );
    if (result.status !== 'updated') throw new Error(result.status);
    expect(result.memory.emotion).toMatchObject({
      primary: 'melancholy',
      intensity: 0.5,
      valence: -0.4,
      arousal: 0.2,
    });
    expect(result.memory.tags).toEqual(['rain', 'weather']);
  });

  it('rejects bad input and changes nothing', async () => {
    const { save, update, context, repo } = updateSetup();
    const m = await save('Unchanged text');
    await expect(update.execute({ memoryId: m.id, content: '' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      update.execute({ memoryId: m.id, importance: 5, content: 'x'.repeat(20_000) }, context),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    for (const importance of ['very high', '', 'NaN'])
      await expect(
        update.execute({ memoryId: m.id, importance, tags: ['changed'] }, context),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('importance') });
    expect((await repo.getOne('test', m.id))?.memory).toMatchObject({
      content: 'Unchanged text',
      importance: 3,
      tags: [],
    });
  });

  it('takes an importance given as numeric text', async () => {
    const { save, update, context } = updateSetup();
    const m = await save('Numeric text importance');
    const result = await update.execute({ memoryId: m.id, importance: ' 4 ' }, context);
    expect(result).toMatchObject({ status: 'updated', memory: { importance: 4 } });
  });
});
