import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { AccessTracker } from './access-tracker';
import { MemoryRepository } from '../memory.repository';
import { decay } from '../../domain/scoring';

/** An embedder that cannot see digits, like a model whose vocabulary has no numbers. */
class DigitBlindEmbeddingProvider extends DeterministicEmbeddingProvider {
  override async embed(texts: string[]): Promise<number[][]> {
    return super.embed(texts.map((t) => t.replace(/\d/g, '') || 'empty'));
  }
}
import { recallSetup } from '../../testing/memory-setups';
import type { EmbedOptions } from '@kioku/embeddings';

/** Records the priority of every embedding call. */
class PriorityRecordingEmbeddingProvider extends DeterministicEmbeddingProvider {
  readonly priorities: (string | undefined)[] = [];
  override async embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
    this.priorities.push(options?.priority);
    return super.embed(texts);
  }
}

describe('RecallUseCase', () => {
  it("embeds the query as interactive (ahead of writes), while remember's embedding stays standard", async () => {
    const embeddings = new PriorityRecordingEmbeddingProvider();
    const { save, recall, context } = recallSetup(embeddings);
    await save({ content: 'The user waters the ferns every Sunday' });
    expect(embeddings.priorities).toEqual([undefined]);
    await recall.execute({ query: 'when are the plants watered' }, context);
    expect(embeddings.priorities).toEqual([undefined, 'interactive']);
  });

  it('lets the embedder send the query on (in its next turn, as its batcher does) before the lexical search', async () => {
    const events: string[] = [];
    class NextTurnEmbeddingProvider extends DeterministicEmbeddingProvider {
      override async embed(texts: string[], options?: EmbedOptions): Promise<number[][]> {
        if (options?.priority === 'interactive') setImmediate(() => events.push('query sent'));
        return super.embed(texts);
      }
    }
    const { save, recall, context, container } = recallSetup(new NextTurnEmbeddingProvider());
    await save({ content: 'The user waters the ferns every Sunday' });
    const memories = container.get(MemoryRepository);
    const search = memories.matchingText.bind(memories);
    jest.spyOn(memories, 'matchingText').mockImplementation((...args) => {
      events.push('lexical search');
      return search(...args);
    });
    await recall.execute({ query: 'when are the ferns watered' }, context);
    expect(events).toEqual(['query sent', 'lexical search']);
  });

  it('finds a memory by an exact number through the lexical path where the vector cannot tell', async () => {
    const { save, recall, context, embeddings, container } = recallSetup(new DigitBlindEmbeddingProvider());
    for (let i = 1000; i < 1030; i++)
      await save({ content: `Incident INC-${i} was resolved by restarting the cache`, force: true });
    const target = await save({
      content: 'Incident INC-4471 was resolved by restarting the cache',
      force: true,
    });
    const result = await recall.execute({ query: 'INC-4471', limit: 1 }, context);
    expect(result.results[0].memory.id).toBe(target.id);
    const [queryVector] = await embeddings.embed(['INC-4471']);
    // The vector cannot tell: every memory is at the same distance (which one comes first is a tie).
    const byVectorOnly = await container.get(MemoryRepository).nearest('test', queryVector, 31);
    const targetDistance = byVectorOnly.find((m) => m.memory.id === target.id)?.distance;
    expect(targetDistance).toBeCloseTo(byVectorOnly[0].distance, 9);
    expect(targetDistance).toBeCloseTo(byVectorOnly.at(-1)!.distance, 9);
  });

  it('finds Japanese text by its character bigrams', async () => {
    const { save, recall, context } = recallSetup();
    await save({ content: '歯医者の予約は金曜日の午後三時' });
    const ramen = await save({ content: 'ユーザーは味噌ラーメンが大好きです' });
    await save({ content: '来月、ユーザーは大阪から福岡へ引っ越す' });
    const result = await recall.execute({ query: 'ラーメン', limit: 1 }, context);
    expect(result.results[0].memory.id).toBe(ramen.id);
  });

  it('pushes filters into the store: category, emotion, tags, dates and include_private', async () => {
    const { save, recall, context, clock } = recallSetup();
    const work = await save({
      content: 'Deployed the new search service',
      category: 'technical',
      tags: ['work'],
      emotion: 'happy',
    });
    clock.advanceDays(3);
    const home = await save({
      content: 'Deployed the garden hose in the yard',
      category: 'daily',
      tags: ['home'],
    });
    const hidden = await save({
      content: 'Deployed secretly a surprise party plan',
      private: true,
      tags: ['home'],
    });
    const ids = async (input: Record<string, unknown>) =>
      (await recall.execute({ query: 'deployed', limit: 10, ...input }, context)).results
        .map((r) => r.memory.id)
        .sort();
    expect(await ids({ category: 'technical' })).toEqual([work.id]);
    expect(await ids({ emotion: 'happy' })).toEqual([work.id]);
    expect(await ids({ tags: ['home'] })).toEqual([home.id, hidden.id].sort());
    expect(await ids({ tags: ['work', 'home'] })).toEqual([work.id, home.id, hidden.id].sort());
    expect(await ids({ to: work.createdAt })).toEqual([work.id]);
    expect(await ids({ from: home.createdAt })).toEqual([home.id, hidden.id].sort());
    expect(await ids({ includePrivate: false })).toEqual([work.id, home.id].sort());
  });

  it('rejects bad filters with a clear error', async () => {
    const { recall, context } = recallSetup();
    await expect(recall.execute({ query: 'x', category: 'nope' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^Unknown category: use one of daily, /),
    });
    await expect(recall.execute({ query: 'x', from: 'last week' }, context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(recall.execute({ query: ' ' }, context)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('tracks access: count and last access of each returned memory', async () => {
    const { save, recall, context, clock, container } = recallSetup();
    const m = await save({ content: 'Learned to bake sourdough bread' });
    clock.advanceDays(1);
    await recall.execute({ query: 'sourdough bread' }, context);
    const second = await recall.execute({ query: 'sourdough bread' }, context);
    expect(second.results[0].memory.accessCount).toBe(2);
    await container.get(AccessTracker).flush();
    const stored = await container.get(MemoryRepository).getOne('test', m.id);
    expect(stored?.memory.accessCount).toBe(2);
    expect(stored?.memory.lastAccessedAt).toBe(clock.now().toISOString());
  });

  it('embeds a repeated query only once', async () => {
    const { save, recall, context, embeddings } = recallSetup();
    await save({ content: 'Something to find' });
    const before = (embeddings as DeterministicEmbeddingProvider).embeddedTexts;
    await recall.execute({ query: 'find it' }, context);
    await recall.execute({ query: 'find it' }, context);
    expect((embeddings as DeterministicEmbeddingProvider).embeddedTexts - before).toBe(1);
  });

  // Words only (dense weight 0), so that which memories are direct hits is plain to see.
  const linkedSetup = async () => {
    const kit = recallSetup(undefined, { denseWeight: 0, contiguity: 0 });
    const cause = await kit.save({ content: 'The server ran out of disk space overnight' });
    for (let i = 0; i < 4; i++) await kit.save({ content: `Server disk space check number ${i} was fine` });
    const effect = await kit.save({ content: 'Grandma called to ask about the weekend' });
    await kit.links.saveBoth('test', [
      {
        sourceId: cause.id,
        targetId: effect.id,
        type: 'leads_to',
        confidence: 1,
        note: '',
        createdAt: kit.clock.now().toISOString(),
      },
    ]);
    return { ...kit, cause, effect };
  };

  it('brings in linked neighbours of the direct hits where places are free (spreading activation)', async () => {
    const { recall, context, cause, effect } = await linkedSetup();
    const result = await recall.execute({ query: 'server ran out of disk space', limit: 10 }, context);
    expect(result.results).toHaveLength(6);
    const parent = result.results.find((r) => r.memory.id === cause.id)!;
    const linked = result.results[5];
    expect(linked.memory.id).toBe(effect.id);
    expect(linked.source).toBe('link');
    expect(linked.score).toBeCloseTo(parent.score * 0.3, 6);
  });

  it('never lets a linked neighbour push a direct hit out of the top n', async () => {
    const { recall, context, effect } = await linkedSetup();
    const result = await recall.execute({ query: 'server ran out of disk space', limit: 5 }, context);
    expect(result.results.map((r) => r.source)).toEqual([
      'lexical',
      'lexical',
      'lexical',
      'lexical',
      'lexical',
    ]);
    expect(result.results.map((r) => r.memory.id)).not.toContain(effect.id);
  });

  it('skips a link whose other end no longer exists', async () => {
    const { save, recall, context, links, clock } = recallSetup();
    const m = await save({ content: 'Visited the aquarium with friends' });
    await links.saveBoth('test', [
      {
        sourceId: m.id,
        targetId: 'mem_000000000000',
        type: 'related',
        confidence: 1,
        note: '',
        createdAt: clock.now().toISOString(),
      },
    ]);
    const result = await recall.execute({ query: 'aquarium', limit: 5 }, context);
    expect(result.results.map((r) => r.memory.id)).toEqual([m.id]);
  });

  it('scores each result with its strongest link, however many links the others have', async () => {
    const { save, recall, context, links, clock } = recallSetup(undefined, { contiguity: 0, chains: 0 });
    const linked = await save({ content: 'Note about the harbour ferry timetable', force: true });
    const plain = await save({ content: 'Note about the harbour ferry timetable', force: true });
    const link = (targetId: string, confidence: number) => ({
      sourceId: linked.id,
      targetId,
      type: 'related' as const,
      confidence,
      note: '',
      createdAt: clock.now().toISOString(),
    });
    const others = [];
    for (let i = 0; i < 12; i++)
      others.push(await save({ content: `Unrelated errand number ${i} at the bakery` }));
    await links.removeBoth('test', [{ sourceId: linked.id, targetId: plain.id, type: 'similar' }]);
    await links.saveBoth('test', [link(others[0].id, 0.9), ...others.slice(1).map((o) => link(o.id, 0.2))]);
    clock.advanceDays(60);
    const [first, second] = (await recall.execute({ query: 'harbour ferry timetable', limit: 2 }, context))
      .results;
    expect([first.memory.id, second.memory.id]).toEqual([linked.id, plain.id]);
    // Same words, same age: the scores differ only by the decay the strongest link (0.9) stretches.
    expect(first.score - second.score).toBeCloseTo(0.3 * (decay(60, 0, 0.9) - decay(60, 0, 0)), 9);
  });

  it('ranks newer, more important and more emotional memories higher at equal similarity', async () => {
    const { save, recall, context, clock } = recallSetup();
    const old = await save({ content: 'Note about the project meeting', force: true });
    clock.advanceDays(60);
    const fresh = await save({
      content: 'Note about the project meeting',
      force: true,
      importance: 5,
      emotion: 'excited',
    });
    const result = await recall.execute({ query: 'project meeting note', limit: 2 }, context);
    expect(result.results.map((r) => r.memory.id)).toEqual([fresh.id, old.id]);
  });
});
