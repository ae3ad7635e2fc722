import { LinkRepository } from '@kioku/links';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { RememberUseCase } from './remember.use-case';

describe('RememberUseCase', () => {
  const setup = (settings = {}) => {
    const kit = createMemoryTestKit({ settings });
    return { ...kit, remember: kit.container.get(RememberUseCase), links: kit.container.get(LinkRepository) };
  };

  it('saves a memory with normalised defaults and embeds it exactly once', async () => {
    const { remember, context, embeddings } = setup();
    const result = await remember.execute(
      {
        content: '  The user likes green tea.  ',
        category: 'nonsense',
        importance: 'high',
        tags: [' tea ', 'tea', ''],
      },
      context,
    );
    expect(result.status).toBe('saved');
    if (result.status !== 'saved') return;
    expect(result.memory.id).toMatch(/^mem_[0-9a-f]{12}$/);
    expect(result.memory).toMatchObject({
      content: 'The user likes green tea.',
      category: 'daily',
      importance: 3,
      tags: ['tea'],
      isPrivate: false,
      accessCount: 0,
      lastAccessedAt: null,
    });
    expect(result.memory.emotion).toEqual({
      primary: 'neutral',
      secondary: [],
      intensity: 0.3,
      valence: 0,
      arousal: 0.3,
    });
    expect((embeddings as DeterministicEmbeddingProvider).embeddedTexts).toBe(1);
  });

  it('fills missing emotion numbers from the emotion defaults and clamps importance', async () => {
    const { remember, context } = setup();
    const result = await remember.execute(
      { content: 'Got the job offer!', emotion: 'excited', intensity: 0.95, importance: 9 },
      context,
    );
    if (result.status !== 'saved') throw new Error('not saved');
    expect(result.memory.emotion).toMatchObject({
      primary: 'excited',
      intensity: 0.95,
      valence: 0.7,
      arousal: 0.8,
    });
    expect(result.memory.importance).toBe(5);
  });

  it('saves a near-duplicate when forced', async () => {
    const { remember, context, store } = setup();
    await remember.execute({ content: 'Same thought twice.' }, context);
    const forced = await remember.execute({ content: 'Same thought twice.', force: true }, context);
    expect(forced.status).toBe('saved');
    expect(await store.count('kioku_test_memories')).toBe(2);
  });

  it.each([
    ['a number', 'I paid 40 dollars for the concert ticket.', 'I paid 400 dollars for the concert ticket.'],
    [
      'a date',
      'The dentist appointment is on Monday morning.',
      'The dentist appointment is on Tuesday morning.',
    ],
    ['a negation', 'The user likes spicy food very much.', "The user doesn't like spicy food very much."],
  ])(
    'keeps both memories when they differ in %s, even below the duplicate distance',
    async (_label, a, b) => {
      const { remember, context } = setup({ dedupDistance: 0.5 });
      await remember.execute({ content: a }, context);
      expect((await remember.execute({ content: b }, context)).status).toBe('saved');
    },
  );

  it('requires surface overlap: a close vector without shared text is not a duplicate', async () => {
    const { remember, context } = setup({ dedupDistance: 2 });
    await remember.execute({ content: 'ユーザーは味噌ラーメンが大好き' }, context);
    expect((await remember.execute({ content: '歯医者の予約は金曜日' }, context)).status).toBe('saved');
  });

  it('creates at most maxAutoLinks links', async () => {
    const { remember, context, links } = setup({ linkDistance: 2, maxAutoLinks: 2, dedupDistance: 0 });
    for (const n of ['one', 'two', 'three', 'four'])
      await remember.execute({ content: `Walk number ${n} in the park` }, context);
    const last = await remember.execute({ content: 'Walk number five in the park' }, context);
    if (last.status !== 'saved') throw new Error('not saved');
    expect(await links.linksFrom('test', [last.memory.id])).toHaveLength(2);
  });

  it.each([
    [{ content: '' }, /content must not be empty/],
    [{ content: '   ' }, /content must not be empty/],
    [{ content: 'x'.repeat(16_001) }, /too long: 16001 characters \(at most 16000\)/],
    [{ content: '<parameter name="content">hello</parameter>' }, /wrapped in XML-like markup/],
  ])('rejects bad input %# with a clear error and stores nothing', async (input, message) => {
    const { remember, context, store, embeddings } = setup();
    await expect(remember.execute(input as never, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(message),
    });
    expect(await store.describeCollection('kioku_test_memories')).toBeNull();
    expect((embeddings as DeterministicEmbeddingProvider).calls).toBe(0);
  });

  it('two concurrent remembers that link to the same memory both keep their links in both directions', async () => {
    const { remember, context, links } = setup({ linkDistance: 1.5, dedupDistance: 0 });
    const hub = await remember.execute({ content: 'Planning the trip to Kyoto in spring' }, context);
    if (hub.status !== 'saved') throw new Error('not saved');
    const [x, y] = await Promise.all([
      remember.execute({ content: 'Booked the hotel for the Kyoto trip' }, context),
      remember.execute({ content: 'Bought train tickets for the Kyoto trip' }, context),
    ]);
    if (x.status !== 'saved' || y.status !== 'saved') throw new Error('not saved');
    const fromHub = (await links.linksFrom('test', [hub.memory.id])).map((l) => l.targetId).sort();
    expect(fromHub).toEqual(expect.arrayContaining([x.memory.id, y.memory.id]));
    for (const id of [x.memory.id, y.memory.id]) {
      expect(await links.find('test', id, hub.memory.id, 'similar')).not.toBeNull();
    }
  });

  it('never logs the content, tags or emotion of a private memory', async () => {
    const { remember, context, logs } = setup();
    await remember.execute(
      { content: 'CANARY-7f3a private thought', tags: ['CANARY-tag'], emotion: 'anxious', private: true },
      context,
    );
    expect(logs.records.length).toBeGreaterThan(0);
    expect(logs.text()).not.toMatch(/CANARY/);
  });
});
