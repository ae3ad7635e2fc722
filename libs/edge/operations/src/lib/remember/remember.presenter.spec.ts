import { LinkRepository } from '@kioku/links';
import { rememberText } from './remember.presenter';
import { RememberUseCase } from '@kioku/memory';
import { createForgettingTestKit } from '@kioku/forgetting/testing';

describe('RememberUseCase', () => {
  const setup = (settings = {}) => {
    const kit = createForgettingTestKit({ memory: settings });
    return { ...kit, remember: kit.container.get(RememberUseCase), links: kit.container.get(LinkRepository) };
  };

  it('refuses a near-duplicate and shows the existing memory, saving nothing', async () => {
    const { remember, context, store } = setup();
    const first = await remember.execute(
      { content: 'Today we walked along the river and talked about books.' },
      context,
    );
    const second = await remember.execute(
      { content: 'Today we walked along the river and talked about books!' },
      context,
    );
    expect(second.status).toBe('duplicate');
    if (second.status !== 'duplicate' || first.status !== 'saved') return;
    expect(second.existing.id).toBe(first.memory.id);
    expect(await store.count('kioku_test_memories')).toBe(1);
    const text = rememberText(second, new Date(Date.parse(first.memory.createdAt) + 2 * 3_600_000));
    expect(text).toBe(
      'Not saved — very similar memory already exists.\n' +
        `Existing (id: ${first.memory.id}, 2h ago): Today we walked along the river and talked about books.\n` +
        `Similarity: ${(1 - second.distance).toFixed(2)}\n` +
        'If this is a meaningful update, use recall to review the existing memory and consider whether the new perspective adds value.\n\n---\n' +
        'Is there truly something new here, or is this a repetition?\n' +
        'If your understanding has deepened, try expressing what changed specifically.',
    );
  });

  it('links similar memories in both directions with confidence 1 − distance', async () => {
    const { remember, context, links } = setup({ linkDistance: 0.9 });
    const a = await remember.execute({ content: 'Coffee with Alice at the harbour cafe.' }, context);
    const b = await remember.execute(
      { content: 'Coffee with Alice at the station cafe, she was late.' },
      context,
    );
    if (a.status !== 'saved' || b.status !== 'saved') throw new Error('not saved');
    expect(b.linked.map((l) => l.memory.id)).toEqual([a.memory.id]);
    const forward = await links.find('test', b.memory.id, a.memory.id, 'similar');
    const backward = await links.find('test', a.memory.id, b.memory.id, 'similar');
    expect(forward?.confidence).toBeCloseTo(1 - b.linked[0].distance, 6);
    expect(backward?.confidence).toBe(forward?.confidence);
    expect(rememberText(b, new Date(b.memory.createdAt))).toMatch(
      new RegExp(
        `^Saved \\(id: ${b.memory.id}\\)\\.\\nLinked to 1 existing memories\\.\\n- \\[just now\\] Coffee with Alice at the harbour cafe\\. \\(similarity: 0\\.\\d\\d\\)\\n\\n---\\nDo any of these connections surprise you\\? Is there a pattern forming\\?$`,
      ),
    );
  });

  it('says "Saved privately" for a private memory', async () => {
    const { remember, context } = setup();
    const result = await remember.execute({ content: 'A secret worry.', private: true }, context);
    expect(rememberText(result, new Date())).toMatch(/^Saved privately \(id: mem_[0-9a-f]{12}\)\./);
  });
});
