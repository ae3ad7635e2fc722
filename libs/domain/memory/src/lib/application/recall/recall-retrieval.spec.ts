/**
 * Recall as retrieval: the lexical index's corpus statistics, conversation threads and contiguity,
 * and queries that carry little or odd text. (Ranking basics, filters and the text form are in
 * recall.use-case.spec.ts; the measured quality is in `kioku bench retrieval`.)
 */
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { ConversationThread, THREAD_GAP_MS } from '../shared/conversation-thread';
import { RememberUseCase } from '../remember/remember.use-case';
import type { RememberInput } from '../remember/remember.input';
import { RecallUseCase } from './recall.use-case';
import { INPUT_LIMITS } from '../shared/memory-fields.input';
import { MemoryRepository } from '../memory.repository';
import type { MemorySettings } from '../../memory-settings';
import { LinkMemoriesUseCase } from '../link-memories/link-memories.use-case';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';

/** An embedder that knows one paraphrase: a "travel document" means a passport. */
class ParaphraseAwareEmbeddingProvider extends DeterministicEmbeddingProvider {
  override async embed(texts: string[]): Promise<number[][]> {
    return super.embed(texts.map((text) => text.replace(/travel document/g, 'passport')));
  }
}

describe('recall as retrieval', () => {
  const setup = (settings: Partial<MemorySettings> = {}, embeddings?: DeterministicEmbeddingProvider) => {
    const kit = createMemoryTestKit({ settings: { dedupDistance: 0, ...settings }, embeddings });
    const remember = kit.container.get(RememberUseCase);
    const save = async (input: RememberInput, context = kit.context) => {
      const result = await remember.execute({ force: true, ...input }, context);
      if (result.status !== 'saved') throw new Error('not saved');
      return result.memory;
    };
    return { ...kit, save, recall: kit.container.get(RecallUseCase) };
  };

  it('searches every word of the query with statistics over the whole namespace', async () => {
    const { save, recall, context } = setup();
    for (let i = 0; i < 30; i++) await save({ content: `Melanie talked about her day number ${i}` });
    const race = await save({ content: 'Melanie ran a charity race for mental health' });
    const result = await recall.execute({ query: 'When did Melanie run a charity race?', limit: 3 }, context);
    expect(result.results[0].memory.id).toBe(race.id);
    expect(result.results[0].source).toBe('lexical');
  });

  it.each([true, false])(
    'lets meaning count for more when the best word match holds one term of several (coverage %p)',
    async (coverage) => {
      const { save, recall, context } = setup({ coverage }, new ParaphraseAwareEmbeddingProvider());
      const passport = await save({ content: "The user's passport expires in June 2027" });
      const gym = await save({ content: 'The gym membership renews on the first of each month' });
      await save({ content: 'The user likes green tea in the afternoon' });
      await save({ content: 'The team meets on Tuesdays at ten' });
      const result = await recall.execute(
        { query: 'When must I renew my travel document?', limit: 2 },
        context,
      );
      // The gym note shares one word ("renew") of four; the passport note shares none, only meaning.
      expect(result.results[0].memory.id).toBe(coverage ? passport.id : gym.id);
    },
  );

  it('threads a caller’s memories in the order they were saved, within a gap, per caller', async () => {
    const { save, clock, context, container } = setup();
    const first = await save({ content: 'Caroline: what did you paint last week?' });
    const second = await save({ content: 'Melanie: a sunset over the lake' });
    const elsewhere = await save(
      { content: 'A note from another session' },
      { ...context, callerId: 'other' },
    );
    clock.advance(THREAD_GAP_MS + 1);
    const later = await save({ content: 'Caroline: good morning' });
    expect(first.precedingId).toBeUndefined();
    expect(second.precedingId).toBe(first.id);
    await container.get(ConversationThread).flush();
    const [stored] = await container.get(MemoryRepository).get(context.namespace, [first.id]);
    expect(stored.memory.followingId).toBe(second.id);
    expect(elsewhere.precedingId).toBeUndefined();
    expect(later.precedingId).toBeUndefined();
  });

  it('brings in what was said right after a matching memory (contiguity)', async () => {
    const { save, recall, context } = setup();
    for (let i = 0; i < 10; i++) await save({ content: `Small talk about the weather, part ${i}` });
    await save({ content: 'Caroline: what did you paint last week?' });
    const answer = await save({ content: 'Melanie: a sunset over the lake, with purple clouds' });
    for (let i = 0; i < 10; i++) await save({ content: `More small talk about groceries, part ${i}` });
    const result = await recall.execute({ query: 'What did Melanie paint?', limit: 3 }, context);
    const found = result.results.find((r) => r.memory.id === answer.id);
    expect(found).toBeDefined();
  });

  it('prefers the memories under the label a query names (label key), and only with the key on', async () => {
    const ranking = async (labelKey: number) => {
      const { save, recall, context } = setup({ labelKey, denseWeight: 0 });
      for (let i = 0; i < 10; i++) {
        await save({ content: `Bob: small talk number ${i} about the long walk home and the chess club` });
      }
      const aboutAlice = await save({ content: 'Bob: Alice, the hiking club loves new members, Alice!' });
      const byAlice = await save({ content: 'Alice: I joined a pottery club last month and I love it' });
      const { results } = await recall.execute({ query: 'Which club does Alice love?', limit: 2 }, context);
      return results.map((r) => r.memory.id).indexOf(byAlice.id) <
        results.map((r) => r.memory.id).indexOf(aboutAlice.id)
        ? 'by Alice first'
        : 'about Alice first';
    };
    expect(await ranking(0)).toBe('about Alice first');
    expect(await ranking(2)).toBe('by Alice first');
  });

  it('prefers a memory that says when for a question that asks when (time key), and only with the key on', async () => {
    const ranking = async (timeKey: number) => {
      const { save, recall, context } = setup({ timeKey, denseWeight: 0, contiguity: 0 });
      for (let i = 0; i < 10; i++)
        await save({ content: `Notes on the garden and the fence deploy, part ${i}` });
      const plan = await save({ content: 'The v2 deploy of billing needs a review' });
      const done = await save({ content: 'We finished the v2 deploy of billing for the team last Friday' });
      const { results } = await recall.execute(
        { query: 'When did the v2 deploy of billing happen?', limit: 2 },
        context,
      );
      const ids = results.map((r) => r.memory.id);
      expect(ids).toEqual(expect.arrayContaining([plan.id, done.id]));
      return ids.indexOf(done.id) < ids.indexOf(plan.id) ? 'dated first' : 'undated first';
    };
    expect(await ranking(0)).toBe('undated first');
    expect(await ranking(1)).toBe('dated first');
  });

  it('raises a matching memory linked to a better match (evidence chains), and only with chains on', async () => {
    const ranking = async (chains: number) => {
      const { save, recall, context, container } = setup({ chains, denseWeight: 0, contiguity: 0 });
      for (let i = 0; i < 10; i++) {
        await save({
          content: `Notes on the weather and the long walk home, with a review of the shoes, part ${i}`,
        });
      }
      const decision = await save({
        content: 'After the incident review we decided to roll back the deploy',
      });
      const linked = await save({
        content: 'The review also asked for a written checklist before each release',
      });
      const unlinked = await save({ content: 'Garden review done' });
      await container
        .get(LinkMemoriesUseCase)
        .execute({ sourceId: linked.id, targetId: decision.id, type: 'related' }, context);
      const { results } = await recall.execute(
        { query: 'What did the incident review decide?', limit: 3 },
        context,
      );
      const ids = results.map((r) => r.memory.id);
      expect(ids[0]).toBe(decision.id);
      return ids.indexOf(linked.id) >= 0 &&
        (ids.indexOf(unlinked.id) < 0 || ids.indexOf(linked.id) < ids.indexOf(unlinked.id))
        ? 'linked first'
        : 'unlinked first';
    };
    expect(await ranking(0)).toBe('unlinked first');
    expect(await ranking(0.5)).toBe('linked first');
  });

  it('answers queries of stopwords, punctuation, emoji, mixed scripts or the longest allowed length; refuses longer ones', async () => {
    const { save, recall, context } = setup();
    const kyoto = await save({ content: 'Trip to Kyoto 旅行 with Ana ☕' });
    await save({ content: 'Bought new running shoes' });
    for (const query of [
      'the of and',
      '?!… ---',
      '🎉🎉',
      '☕ 旅行 Kyoto',
      'x'.repeat(INPUT_LIMITS.queryLength),
      'trip '.repeat(INPUT_LIMITS.queryLength / 5),
    ]) {
      const result = await recall.execute({ query, limit: 2 }, context);
      expect(result.results.length).toBeLessThanOrEqual(2);
    }
    const mixed = await recall.execute({ query: '☕ 旅行 Kyoto', limit: 1 }, context);
    expect(mixed.results[0].memory.id).toBe(kyoto.id);
  });
});
