/**
 * Batch remember on the in-memory store: one embedding call per chunk, results in input order,
 * duplicates of stored memories and of earlier items refused, auto-links within the batch and to the
 * store written both ways, the thread kept in input order, bad items reported per item, an oversize
 * batch refused whole, a failure after the first chunk reported on every item not saved — and the
 * same outcome as remembering the items one at a time.
 */
import { AppError } from '@kioku/kernel';
import { LinkRepository, type Link } from '@kioku/links';
import { DeterministicEmbeddingProvider } from '@kioku/testing-fakes';
import type { VectorRecord } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { createMemoryTestKit } from '../../testing/memory-test-kit';
import { MemoryRepository } from '../memory.repository';
import { ConversationThread } from '../shared/conversation-thread';
import { RememberUseCase } from '../remember/remember.use-case';
import type { RememberInput } from '../shared/remember-item.input';
import { RememberBatchUseCase } from './remember-batch.use-case';
import type { RememberItemResult } from '../shared/remember-pipeline';

const SETTINGS = { linkDistance: 0.9, maxAutoLinks: 3, dedupDistance: 0.05, maxBatchSize: 10 };

function setup(
  settings: Partial<typeof SETTINGS> = SETTINGS,
  options: Parameters<typeof createMemoryTestKit>[0] = {},
) {
  const kit = createMemoryTestKit({ ...options, settings: { ...SETTINGS, ...settings } });
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

/** 70 turns of a long conversation: three chunks, with repeats and near neighbours across chunks. */
const LONG_CONVERSATION: RememberInput[] = Array.from({ length: 70 }, (_, i) =>
  i === 45
    ? { content: 'Turn 3: we talked about the garden and the tomatoes' }
    : {
        content: `Turn ${i}: we talked about the ${['garden', 'harbour', 'library'][i % 3]} and the ${i % 2 ? 'tomatoes' : 'boats'}`,
      },
);

/** Fails the n-th memory upsert (counting from 1) as a store that went away. */
class StoreFailingOnUpsert extends MemoryVectorStore {
  private upserts = 0;
  constructor(private readonly failing: number) {
    super();
  }
  override async upsert(collection: string, records: VectorRecord[]) {
    if (collection.endsWith('_memories') && ++this.upserts === this.failing)
      throw new AppError('STORE_UNAVAILABLE', 'The vector store is unavailable.');
    return super.upsert(collection, records);
  }
}

/** Holds the first memory write until the second chunk's neighbour query arrives (1 s at most), noting the order. */
class StoreHoldingFirstWrite extends MemoryVectorStore {
  readonly events: string[] = [];
  private queries = 0;
  private writes = 0;
  private releaseFirstWrite = () => {};
  private readonly secondQuery = new Promise<void>((resolve) => (this.releaseFirstWrite = resolve));
  override async queryMany(collection: string, requests: Parameters<MemoryVectorStore['queryMany']>[1]) {
    if (collection.endsWith('_memories')) {
      this.events.push(`query ${++this.queries}`);
      if (this.queries === 2) this.releaseFirstWrite();
    }
    return super.queryMany(collection, requests);
  }
  override async upsert(collection: string, records: VectorRecord[]) {
    if (collection.endsWith('_memories') && ++this.writes === 1)
      await Promise.race([this.secondQuery, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    await super.upsert(collection, records);
    if (collection.endsWith('_memories')) this.events.push(`write ${this.writes}`);
  }
}

/** Holds the first memory write until the embedder has been called `embeds` times (1 s at most), noting the order. */
class StoreHoldingFirstWriteForEmbeds extends MemoryVectorStore {
  readonly events: string[] = [];
  private writes = 0;
  constructor(
    private readonly embedder: DeterministicEmbeddingProvider,
    private readonly embeds: number,
  ) {
    super();
  }
  override async upsert(collection: string, records: VectorRecord[]) {
    if (collection.endsWith('_memories') && ++this.writes === 1) {
      const until = Date.now() + 1_000;
      while (this.embedder.calls < this.embeds && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
      this.events.push(`embedder called ${this.embedder.calls} times before write 1`);
    }
    await super.upsert(collection, records);
  }
}

/** Counts memory upserts and holds the first one until released, so that later calls queue behind it. */
class StoreHoldingFirstWriteUntilReleased extends MemoryVectorStore {
  memoryUpserts = 0;
  release = () => {};
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));
  override async upsert(collection: string, records: VectorRecord[]) {
    if (collection.endsWith('_memories') && ++this.memoryUpserts === 1) await this.released;
    await super.upsert(collection, records);
  }
}

/** Fails its n-th embed call (counting from 1). */
class EmbedderFailingOnCall extends DeterministicEmbeddingProvider {
  constructor(private readonly failing: number) {
    super();
  }
  override async embed(texts: string[]) {
    if (this.calls + 1 === this.failing) {
      this.calls++;
      throw new AppError('EMBEDDING_UNAVAILABLE', 'The embedding model is unavailable.');
    }
    return super.embed(texts);
  }
}

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

  it('embeds and stores a long batch a chunk at a time with the same outcome as one at a time', async () => {
    const batchKit = setup({ maxBatchSize: 100, maxAutoLinks: 3 });
    const oneKit = setup({ maxBatchSize: 100, maxAutoLinks: 3 });
    const batched = await batchKit.batch.execute(LONG_CONVERSATION, batchKit.context);
    expect((batchKit.embeddings as DeterministicEmbeddingProvider).calls).toBe(3);
    const single = [];
    for (const item of LONG_CONVERSATION) single.push(await oneKit.remember.execute(item, oneKit.context));
    const shaped = await shape(batchKit, batched);
    expect(shaped).toEqual(await shape(oneKit, single));
    expect(shaped.statuses.filter((s) => s === 'duplicate')).toHaveLength(1);
    const [third, , repeat] = [batched[3], batched[44], batched[45]];
    if (third?.status !== 'saved' || repeat?.status !== 'duplicate') throw new Error('unexpected statuses');
    expect(repeat.existing.id).toBe(third.memory.id);

    // The thread runs through every chunk in input order.
    await batchKit.thread.flush();
    const chain = batched.flatMap((r) => (r.status === 'saved' ? [r.memory.id] : []));
    const byId = new Map(
      (await batchKit.repository.get(batchKit.context.namespace, chain)).map((s) => [s.memory.id, s.memory]),
    );
    chain.forEach((id, i) => {
      expect(byId.get(id)?.precedingId).toBe(chain[i - 1]);
      expect(byId.get(id)?.followingId).toBe(chain[i + 1]);
    });
  });

  it("sends a chunk's neighbour query as soon as it is embedded, without waiting for the chunk before it to be written", async () => {
    const store = new StoreHoldingFirstWrite();
    const kit = setup({ maxBatchSize: 100 }, { store });
    const results = await kit.batch.execute(LONG_CONVERSATION, kit.context);
    expect(store.events.slice(0, 3)).toEqual(['query 1', 'query 2', 'write 1']);
    expect(results.filter((r) => r.status === 'saved')).toHaveLength(69);
  });

  it('reports every item not saved as an error when the store fails after the first chunk', async () => {
    const kit = setup({ maxBatchSize: 100 }, { store: new StoreFailingOnUpsert(2) });
    const results = await kit.batch.execute(LONG_CONVERSATION, kit.context);
    expect(results.slice(0, 32).every((r) => r.status === 'saved')).toBe(true);
    // The repeat of turn 3 was refused before the write failed: a duplicate of a saved memory.
    expect(results.slice(32).map((r) => r.status)).toEqual(
      results.slice(32).map((_, i) => (i + 32 === 45 ? 'duplicate' : 'error')),
    );
    expect(results[40]).toMatchObject({ status: 'error', error: { code: 'STORE_UNAVAILABLE' } });
    expect(await kit.repository.count(kit.context.namespace)).toBe(32);
    const ends = (await kit.links.findAll(kit.context.namespace)).flatMap((l) => [l.sourceId, l.targetId]);
    const saved = new Set(results.flatMap((r) => (r.status === 'saved' ? [r.memory.id] : [])));
    expect(ends.filter((id) => !saved.has(id))).toEqual([]);
  });

  it('fails the whole call when the first chunk cannot be embedded, and reports later chunks per item', async () => {
    const first = setup({ maxBatchSize: 100 }, { embeddings: new EmbedderFailingOnCall(1) });
    await expect(first.batch.execute(LONG_CONVERSATION, first.context)).rejects.toMatchObject({
      code: 'EMBEDDING_UNAVAILABLE',
    });
    expect(await first.repository.count(first.context.namespace)).toBe(0);

    const second = setup({ maxBatchSize: 100 }, { embeddings: new EmbedderFailingOnCall(2) });
    const results = await second.batch.execute(LONG_CONVERSATION, second.context);
    expect(results.slice(0, 32).every((r) => r.status === 'saved')).toBe(true);
    expect(results.slice(32).every((r) => r.status === 'error')).toBe(true);
    expect(results[69]).toMatchObject({ error: { code: 'EMBEDDING_UNAVAILABLE' } });
    expect(await second.repository.count(second.context.namespace)).toBe(32);
  });

  it('stores concurrent batches of one namespace in arrival order, each checked against the one before', async () => {
    const kit = setup();
    const [first, second] = await Promise.all([
      kit.batch.execute(CONVERSATION.slice(0, 2), kit.context),
      kit.batch.execute([CONVERSATION[2], CONVERSATION[3]], kit.context),
    ]);
    if (first[0]?.status !== 'saved' || first[1]?.status !== 'saved' || second[1]?.status !== 'saved')
      throw new Error('unexpected statuses');
    // The repeat in the second batch is refused as a duplicate of the first batch's memory...
    expect(second[0]).toMatchObject({ status: 'duplicate', existing: { id: first[0].memory.id } });
    // ...and the thread runs on from the first batch into the second.
    expect(second[1].memory.precedingId).toBe(first[1].memory.id);
    expect(await kit.repository.count(kit.context.namespace)).toBe(3);
  });

  it('embeds the next batch while the one before it is being stored', async () => {
    const embeddings = new DeterministicEmbeddingProvider();
    const store = new StoreHoldingFirstWriteForEmbeds(embeddings, 2);
    const kit = setup({}, { store, embeddings });
    const results = await Promise.all([
      kit.batch.execute(CONVERSATION.slice(0, 2), kit.context),
      kit.batch.execute(CONVERSATION.slice(3), kit.context),
    ]);
    expect(store.events).toEqual(['embedder called 2 times before write 1']);
    expect(results.flat().every((r) => r.status === 'saved')).toBe(true);
  });

  it('passes the turn on when a batch fails, so the next batch of the namespace is stored', async () => {
    const kit = setup({}, { store: new StoreFailingOnUpsert(1) });
    const [failed, next] = await Promise.allSettled([
      kit.batch.execute(CONVERSATION.slice(0, 2), kit.context),
      kit.batch.execute(CONVERSATION.slice(3), kit.context),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: 'STORE_UNAVAILABLE' } });
    expect(next).toMatchObject({ status: 'fulfilled' });
    expect(await kit.repository.count(kit.context.namespace)).toBe(2);
  });

  it('stores the calls that arrived while the namespace was busy as one group, each answered on its own', async () => {
    const store = new StoreHoldingFirstWriteUntilReleased();
    const kit = setup({}, { store });
    const [aiko, bo] = [kit.context, { ...kit.context, callerId: 'bo' }];
    const first = kit.batch.execute([{ content: 'Morning standup at nine' }], aiko);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = Promise.all([
      kit.remember.execute(CONVERSATION[0], aiko),
      kit.remember.execute({ content: 'Bo fixed the printer on the third floor' }, bo),
      kit.remember.execute(CONVERSATION[2], bo),
      kit.batch.execute([CONVERSATION[1], CONVERSATION[3]], aiko),
      kit.remember.execute({ content: 'Bo ordered new toner for the printer' }, bo),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.release();
    const [standup] = await first;
    const [trip, printer, repeat, [ryokan, report], toner] = await waiting;
    // Two writes: the first call alone, then everything that waited for it in one upsert.
    expect(store.memoryUpserts).toBe(2);
    if (
      standup?.status !== 'saved' ||
      trip.status !== 'saved' ||
      printer.status !== 'saved' ||
      ryokan?.status !== 'saved' ||
      report?.status !== 'saved' ||
      toner.status !== 'saved'
    )
      throw new Error('unexpected statuses');
    // A duplicate of an item of another call in the same group is refused...
    expect(repeat).toMatchObject({ status: 'duplicate', existing: { id: trip.memory.id } });
    // ...each caller's thread runs in arrival order through its own memories...
    await kit.thread.flush();
    const chains = [
      [standup.memory.id, trip.memory.id, ryokan.memory.id, report.memory.id],
      [printer.memory.id, toner.memory.id],
    ];
    for (const chain of chains) {
      const byId = new Map(
        (await kit.repository.get(kit.context.namespace, chain)).map((m) => [m.memory.id, m.memory]),
      );
      chain.forEach((id, i) => {
        expect(byId.get(id)?.precedingId).toBe(chain[i - 1]);
        expect(byId.get(id)?.followingId).toBe(chain[i + 1]);
      });
    }
    // ...and links between calls of one group are written both ways.
    expect(ryokan.linked.map((l) => l.memory.id)).toContain(trip.memory.id);
    const pairs = (await kit.links.linksFrom(kit.context.namespace, [trip.memory.id])).map(
      (l) => `${l.sourceId}>${l.targetId}`,
    );
    expect(pairs).toContain(`${trip.memory.id}>${ryokan.memory.id}`);
    expect(
      (await kit.links.linksFrom(kit.context.namespace, [ryokan.memory.id])).map((l) => l.targetId),
    ).toContain(trip.memory.id);
    expect(await kit.repository.count(kit.context.namespace)).toBe(6);
  });

  it('fails only the call whose embedding failed when its group is stored', async () => {
    const embeddings = new EmbedderFailingOnCall(3);
    const store = new StoreHoldingFirstWriteUntilReleased();
    const kit = setup({}, { store, embeddings });
    const first = kit.remember.execute({ content: 'Morning standup at nine' }, kit.context);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [saved, failed, alsoSaved] = [
      kit.remember.execute(CONVERSATION[0], kit.context),
      kit.remember.execute(CONVERSATION[1], kit.context),
      kit.remember.execute(CONVERSATION[3], kit.context),
    ];
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.release();
    await expect(first).resolves.toMatchObject({ status: 'saved' });
    await expect(saved).resolves.toMatchObject({ status: 'saved' });
    await expect(failed).rejects.toMatchObject({ code: 'EMBEDDING_UNAVAILABLE' });
    await expect(alsoSaved).resolves.toMatchObject({ status: 'saved' });
    expect(store.memoryUpserts).toBe(2);
    expect(await kit.repository.count(kit.context.namespace)).toBe(3);
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
