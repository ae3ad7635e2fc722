/**
 * The measurements for one seeded namespace (behaviour §11).
 * - Reads, interleaved per iteration so that drift (GC, the store's background work) hits every
 *   operation alike: one embedding of an unseen text; one raw store query with limit 10 without and
 *   one with vectors (alternating which goes first, as a repeated vector can be served warmer); one
 *   raw lexical search (`searchText`, limit 10) of an unseen query; one recall of another unseen query
 *   (recall caches query vectors: a repeated query would skip the embedding).
 * - Writes, interleaved the same way: one raw upsert of a memory record, one remember of an unseen text.
 * - Bulk import: batches through remember_batch (the product's path: embedding, duplicate guard,
 *   links, lexical index, thread), two in flight as a bulk loader sends them (the server embeds one
 *   while it stores the other) and one at a time, against batches of embed alone; in rounds that
 *   alternate the three, distinct texts each.
 * - A conversation ingested one remember at a time and through remember_batch (fresh namespaces).
 * While recall and remember run, the profiler records the store and embedder calls they make.
 */
import { chunked } from '@kioku/kernel';
import { collectionName } from '@kioku/namespace-storage';
import { toDocument, toMetadata } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import type { VectorRecord } from '@kioku/vector-store';
import { timed, type BenchContext } from './bench-context';
import { benchMemory } from './lib/bench-memory';
import { inFlight } from './lib/in-flight';
import { mergeTotals, type OperationTotal } from './lib/operation-profiler';
import { summarize, type LatencySummary } from './lib/percentiles';
import { BULK_IN_FLIGHT, type BulkThroughput, type ConversationIngest } from './lib/target-checks';

export const WARM_UP_CALLS = 5;
/** Batches per round of the bulk-import measurement: long enough for two in flight to settle. */
const BULK_ROUND_BATCHES = 5;

export interface ReadMeasurements {
  embed: LatencySummary;
  rawQuery: LatencySummary;
  /** The same query asking for vectors too, as recall's vector search does (for the analysis). */
  rawQueryWithVectors: LatencySummary;
  /** One raw BM25 search of the namespace's lexical index, limit 10. */
  rawLexicalQuery: LatencySummary;
  recall: LatencySummary;
  /** Recalls that found nothing (a sign of a broken seed, not of speed). */
  recallEmpty: number;
  recallProfile: OperationTotal[];
  /** Every measured call in ms, in run order. */
  samples: Record<'embed' | 'rawQuery' | 'rawQueryWithVectors' | 'rawLexicalQuery' | 'recall', number[]>;
}

export interface WriteMeasurements {
  rawWrite: LatencySummary;
  remember: LatencySummary;
  rememberRefused: number;
  rememberProfile: OperationTotal[];
  /** Every measured call in ms, in run order. */
  samples: Record<'rawWrite' | 'remember', number[]>;
}

export async function measureReads(
  context: BenchContext,
  namespace: string,
  calls: number,
): Promise<ReadMeasurements> {
  const collection = collectionName(namespace, 'memories');
  const callContext: CallContext = { namespace, callerId: 'bench' };
  const samples = {
    embed: [] as number[],
    rawQuery: [] as number[],
    rawQueryWithVectors: [] as number[],
    rawLexicalQuery: [] as number[],
    recall: [] as number[],
  };
  const recallProfile: OperationTotal[] = [];
  let recallEmpty = 0;

  for (let i = 0; i < WARM_UP_CALLS + calls; i++) {
    const measured = i >= WARM_UP_CALLS;
    const text = context.sentences.memory().text;
    let vector: number[] = [];
    const embed = await timed(async () => {
      [vector] = await context.embeddings.embed([text]);
    });
    const plain = () => timed(() => context.store.query(collection, { vector, limit: 10 }));
    const withVectors = () =>
      timed(() => context.store.query(collection, { vector, limit: 10, includeVectors: true }));
    let rawQuery: number;
    let rawQueryWithVectors: number;
    if (i % 2 === 0) {
      rawQuery = await plain();
      rawQueryWithVectors = await withVectors();
    } else {
      rawQueryWithVectors = await withVectors();
      rawQuery = await plain();
    }
    const lexicalQuery = context.sentences.query();
    const rawLexicalQuery = await timed(() =>
      context.store.searchText(collection, { text: lexicalQuery, limit: 10 }),
    );
    const query = context.sentences.query();
    let found = 0;
    if (measured) context.profiler.start();
    const recall = await timed(async () => {
      found = (await context.recall.execute({ query, limit: 3 }, callContext)).results.length;
    });
    if (measured) mergeTotals(recallProfile, context.profiler.stop());
    if (!measured) continue;
    samples.embed.push(embed);
    samples.rawQuery.push(rawQuery);
    samples.rawQueryWithVectors.push(rawQueryWithVectors);
    samples.rawLexicalQuery.push(rawLexicalQuery);
    samples.recall.push(recall);
    if (found === 0) recallEmpty += 1;
    if (i % 10 === 0) context.progress(`measuring reads in ${namespace}: ${i - WARM_UP_CALLS}/${calls}`);
  }
  return {
    embed: summarize(samples.embed),
    rawQuery: summarize(samples.rawQuery),
    rawQueryWithVectors: summarize(samples.rawQueryWithVectors),
    rawLexicalQuery: summarize(samples.rawLexicalQuery),
    recall: summarize(samples.recall),
    recallEmpty,
    recallProfile,
    samples,
  };
}

export async function measureWrites(
  context: BenchContext,
  namespace: string,
  calls: number,
): Promise<WriteMeasurements> {
  const collection = collectionName(namespace, 'memories');
  const callContext: CallContext = { namespace, callerId: 'bench' };
  const rawWrites: number[] = [];
  const remembers: number[] = [];
  const rememberProfile: OperationTotal[] = [];
  let rememberRefused = 0;

  for (let i = 0; i < WARM_UP_CALLS + calls; i++) {
    const measured = i >= WARM_UP_CALLS;
    const record = await memoryRecord(context);
    const rawWrite = await timed(() => context.store.upsert(collection, [record]));

    const sentence = context.sentences.memory();
    let refused = false;
    if (measured) context.profiler.start();
    const remember = await timed(async () => {
      const result = await context.remember.execute(
        {
          content: sentence.text,
          category: sentence.category,
          emotion: sentence.emotion,
          tags: sentence.tags,
        },
        callContext,
      );
      refused = result.status === 'duplicate';
    });
    if (measured) mergeTotals(rememberProfile, context.profiler.stop());
    if (!measured) continue;
    rawWrites.push(rawWrite);
    remembers.push(remember);
    if (refused) rememberRefused += 1;
    if (i % 10 === 0) context.progress(`measuring writes in ${namespace}: ${i - WARM_UP_CALLS}/${calls}`);
  }
  return {
    rawWrite: summarize(rawWrites),
    remember: summarize(remembers),
    rememberRefused,
    rememberProfile,
    samples: { rawWrite: rawWrites, remember: remembers },
  };
}

export async function measureBulkImport(
  context: BenchContext,
  namespace: string,
  texts: number,
  batchSize: number,
): Promise<BulkThroughput> {
  const caller: CallContext = { namespace, callerId: 'bench-import' };
  const ms = { embed: 0, sequential: 0, inFlight: 0 };
  let saved = 0;
  const batches: number[] = [];
  const profile: OperationTotal[] = [];
  const remember = async (batch: string[]) => {
    const results = await context.rememberBatch.execute(
      batch.map((content) => ({ content })),
      caller,
    );
    return results.filter((r) => r.status === 'saved').length;
  };
  const round = batchSize * BULK_ROUND_BATCHES;
  for (let done = 0; done < texts; done += round) {
    const count = Math.min(round, texts - done);
    const fresh = () =>
      chunked(
        Array.from({ length: count }, () => context.sentences.memory().text),
        batchSize,
      );
    ms.embed += await timed(async () => {
      for (const batch of fresh()) await context.embeddings.embed(batch);
    });
    context.profiler.start();
    for (const batch of fresh()) {
      const one = await timed(() => remember(batch));
      batches.push(one);
      ms.sequential += one;
    }
    mergeTotals(profile, context.profiler.stop());
    ms.inFlight += await timed(() =>
      inFlight(fresh(), BULK_IN_FLIGHT, async (batch) => {
        const savedNow = await remember(batch);
        saved += savedNow;
      }),
    );
    context.progress(`measuring bulk import in ${namespace}: ${done + count}/${texts}`);
  }
  return {
    texts,
    batchSize,
    saved,
    importPerSecond: texts / (ms.inFlight / 1000),
    sequentialPerSecond: texts / (ms.sequential / 1000),
    embedPerSecond: texts / (ms.embed / 1000),
    batch: summarize(batches),
    profile,
  };
}

/**
 * A conversation of `turns` unseen sentences ingested three times, into fresh namespaces: one remember
 * at a time, as an agent calling `remember` per turn does; through remember_batch with two batches in
 * flight, as a bulk loader sends them; and through remember_batch one batch at a time.
 */
export async function measureConversationIngest(
  context: BenchContext,
  turns: number,
  batchSize: number,
): Promise<ConversationIngest> {
  const conversation = () =>
    Array.from({ length: turns }, () => ({ content: context.sentences.memory().text }));
  const caller = (namespace: string): CallContext => ({ namespace, callerId: 'bench-conversation' });
  const single = conversation();
  const oneByOne = caller('bench-conversation-single');
  const oneAtATimeMs = await timed(async () => {
    for (const [i, item] of single.entries()) {
      await context.remember.execute(item, oneByOne);
      if (i % 50 === 0) context.progress(`conversation one remember at a time: ${i}/${turns}`);
    }
  });
  const inBatches = async (namespace: string, inFlightBatches: number) => {
    const batches = chunked(conversation(), batchSize);
    const ms = await timed(() =>
      inFlight(batches, inFlightBatches, (batch) =>
        context.rememberBatch.execute(batch, caller(namespace)).then(() => undefined),
      ),
    );
    context.progress(`conversation through remember_batch, ${inFlightBatches} in flight: ${turns}/${turns}`);
    return ms;
  };
  const batchMs = await inBatches('bench-conversation-batch', BULK_IN_FLIGHT);
  const sequentialBatchMs = await inBatches('bench-conversation-batch-sequential', 1);
  return {
    turns,
    batchSize,
    oneAtATimeSeconds: oneAtATimeMs / 1000,
    batchSeconds: batchMs / 1000,
    sequentialBatchSeconds: sequentialBatchMs / 1000,
  };
}

/** A memory record with a real vector of its own unseen text (embedding not timed). */
async function memoryRecord(context: BenchContext): Promise<VectorRecord> {
  const sentence = context.sentences.memory();
  const [vector] = await context.embeddings.embed([sentence.text]);
  const memory = benchMemory(sentence, context.random, {
    id: context.ids.next('mem'),
    now: context.clock.now(),
    embeddingModel: context.embeddings.modelId,
  });
  return { id: memory.id, vector, metadata: toMetadata(memory), document: toDocument(memory) };
}
