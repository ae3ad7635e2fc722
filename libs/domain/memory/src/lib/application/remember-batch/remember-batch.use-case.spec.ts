/**
 * Batch remember on the in-memory store: one embedding call, results in input order, duplicates of
 * stored memories and of earlier items refused, auto-links within the batch and to the store written
 * both ways, the thread kept in input order, bad items reported per item, an oversize batch refused
 * whole — and the same outcome as remembering the items one at a time.
 */
import { LinkRepository, type Link } from '@kioku/links';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { MemoryRepository } from '../memory.repository';
import { ConversationThread } from '../remember/conversation-thread';
import { RememberUseCase } from '../remember/remember.use-case';
import type { RememberInput } from '../remember/remember.input';
import { RememberBatchUseCase, type RememberItemResult } from './remember-batch.use-case';

const SETTINGS = { linkDistance: 0.9, maxAutoLinks: 3, dedupDistance: 0.05, maxBatchSize: 10 };

function setup(settings = SETTINGS) {
  const kit = createMemoryTestKit({ settings });
  return {
    ...kit,
    batch: kit.container.get(RememberBatchUseCase),
    remember: kit.container.get(RememberUseCase),
    repository: kit.container.get(MemoryRepository),
    links: kit.container.get(LinkRepository),
    thread: kit.container.get(ConversationThread),
  };
}

type Kit = ReturnType<typeof setup>;

const CONVERSATION: RememberInput[] = [
  { content: 'We planned the trip to Kyoto for April with Aiko' },
  { content: 'Aiko booked the ryokan in Kyoto near the river', tags: ['travel'] },
  { content: 'We planned the trip to Kyoto for April with Aiko' },
  { content: 'The quarterly report is due on Friday', category: 'technical' },
  { content: 'Aiko booked the ryokan in Kyoto near the river', force: true },
];

/** Every saved memory's content and its linked contents, the same however the ids came out. */
async function shape(kit: Kit, results: RememberItemResult[]) {
  const contentOf = new Map<string, string>();
  for await (const page of kit.repository.pages(kit.context.namespace, 100))
    for (const m of page) contentOf.set(m.id, m.content);
  const all: Link[] = await kit.links.findAll(kit.context.namespace);
  return {
    statuses: results.map((r) => r.status),
    links: all
      .map((l) => `${contentOf.get(l.sourceId)} -> ${contentOf.get(l.targetId)} (${l.confidence.toFixed(4)})`)
      .sort(),
  };
}

describe('RememberBatchUseCase', () => {
  it('embeds the whole batch in one call and answers per item, in input order', async () => {
    const kit = setup();
    const results = await kit.batch.execute(CONVERSATION, kit.context);
    expect(results.map((r) => r.status)).toEqual(['saved', 'saved', 'duplicate', 'saved', 'saved']);
    expect((kit.embeddings as DeterministicEmbeddingProvider).calls).toBe(1);
    const [first, second, repeated] = results;
    expect(repeated).toMatchObject({ status: 'duplicate', distance: expect.any(Number) });
    if (first?.status !== 'saved' || second?.status !== 'saved' || repeated?.status !== 'duplicate') return;
    expect(repeated.existing.id).toBe(first.memory.id);
    expect(second.memory).toMatchObject({ tags: ['travel'], precedingId: first.memory.id });
    expect(await kit.repository.count(kit.context.namespace)).toBe(4);
  });

  it('links within the batch and to the store, both ways', async () => {
    const kit = setup();
    const [stored] = await kit.batch.execute([{ content: 'Aiko likes the temples of Kyoto' }], kit.context);
    const results = await kit.batch.execute(CONVERSATION.slice(0, 2), kit.context);
    if (stored?.status !== 'saved' || results[1]?.status !== 'saved' || results[0]?.status !== 'saved')
      throw new Error();
    const [trip, ryokan] = [results[0].memory.id, results[1].memory.id];
    expect(results[1].linked.map((l) => l.memory.id).sort()).toEqual([stored.memory.id, trip].sort());
    const links = await kit.links.linksFrom(kit.context.namespace, [trip, ryokan, stored.memory.id]);
    const pairs = links.map((l) => `${l.sourceId}>${l.targetId}`);
    expect(pairs).toEqual(expect.arrayContaining([`${ryokan}>${trip}`, `${trip}>${ryokan}`]));
    expect(pairs).toEqual(
      expect.arrayContaining([`${ryokan}>${stored.memory.id}`, `${stored.memory.id}>${ryokan}`]),
    );
  });

  it('gives the same memories, duplicates and links as remembering one at a time', async () => {
    const batchKit = setup();
    const oneKit = setup();
    const seed = { content: 'Aiko likes the temples of Kyoto in spring' };
    await batchKit.remember.execute(seed, batchKit.context);
    await oneKit.remember.execute(seed, oneKit.context);
    const batched = await batchKit.batch.execute(CONVERSATION, batchKit.context);
    const single = [];
    for (const item of CONVERSATION) single.push(await oneKit.remember.execute(item, oneKit.context));
    expect(await shape(batchKit, batched)).toEqual(await shape(oneKit, single));
  });

  it('threads the saved items in input order, after what the caller saved before', async () => {
    const kit = setup();
    const [before] = await kit.batch.execute([{ content: 'Morning standup at nine' }], kit.context);
    const results = await kit.batch.execute(CONVERSATION, kit.context);
    await kit.thread.flush();
    const saved = results.flatMap((r) => (r.status === 'saved' ? [r.memory.id] : []));
    if (before?.status !== 'saved') throw new Error();
    const chain = [before.memory.id, ...saved];
    const stored = await kit.repository.get(kit.context.namespace, chain);
    const byId = new Map(stored.map((s) => [s.memory.id, s.memory]));
    chain.forEach((id, i) => {
      expect(byId.get(id)?.precedingId).toBe(chain[i - 1]);
      expect(byId.get(id)?.followingId).toBe(chain[i + 1]);
    });
  });

  it('reports a bad item with its error and saves the others', async () => {
    const kit = setup();
    const results = await kit.batch.execute(
      [
        { content: 'A perfectly fine memory about tea' },
        { content: '   ' },
        { content: '<parameter name="content">wrapped</parameter>' },
        { content: 'Another fine memory about coffee' },
      ],
      kit.context,
    );
    expect(results.map((r) => r.status)).toEqual(['saved', 'error', 'error', 'saved']);
    expect(results[1]).toMatchObject({ status: 'error', error: { code: 'INVALID_INPUT' } });
    expect(await kit.repository.count(kit.context.namespace)).toBe(2);
  });

  it('refuses a batch over KIOKU_MAX_BATCH_SIZE whole, before embedding or writing anything', async () => {
    const kit = setup();
    const items = Array.from({ length: 11 }, (_, i) => ({ content: `Memory number ${i}` }));
    await expect(kit.batch.execute(items, kit.context)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining(
        'A batch holds 1 to 10 memories (KIOKU_MAX_BATCH_SIZE); this one holds 11.',
      ),
    });
    await expect(kit.batch.execute([], kit.context)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect((kit.embeddings as DeterministicEmbeddingProvider).calls).toBe(0);
    expect(await kit.repository.count(kit.context.namespace)).toBe(0);
  });

  it('never logs the content of a private item', async () => {
    const kit = setup();
    await kit.batch.execute(
      [{ content: 'secret canary 4471 about the diary', private: true }, { content: 'a public note' }],
      kit.context,
    );
    expect(JSON.stringify(kit.logs.records)).not.toContain('canary 4471');
  });
});
