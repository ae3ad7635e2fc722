/**
 * The steps of remember, for one memory or many (behaviour §4.1), behind both remember and
 * remember_batch (one memory is a batch of one, so the two always agree): each item is
 * normalised and checked on its own (a bad item is reported, the others go on); the contents are
 * embedded a chunk at a time, the next chunks embedding while one is stored; each item's nearest
 * memories come from the store (one query per chunk where the store allows it, sent as soon as the
 * chunk is embedded) and from the items decided before it in the batch; duplicates are refused
 * (unless forced) and the rest are written one upsert per chunk, auto-linked both ways in one link
 * write per chunk, and threaded in input order. Calls to one namespace store in the order they
 * arrived (their embedding starts at once and does not wait), so each is checked and linked against
 * every call before it, and a caller with two batches in flight keeps the embedder busy. Group
 * commit: the calls that arrive while the namespace is storing are stored together next, as one
 * chunk (one neighbour query, one upsert, one link write), each item still checked against the
 * items before it and threaded after its own caller's; a long batch is stored on its own.
 * Results come back per item, in input order. A batch over KIOKU_MAX_BATCH_SIZE is refused whole,
 * before any work; a failure before anything is saved fails the call, a later one is reported on
 * every item not saved.
 */
import { inject, injectable } from 'inversify';
import {
  AppError,
  chunked,
  KERNEL_TOKENS,
  toAppError,
  type Clock,
  type IdGenerator,
  type Logger,
} from '@kioku/kernel';
import { GroupCommit } from '@kioku/concurrency';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import type { Link } from '@kioku/links';
import type { Memory } from '../../domain/memory';
import { MEMORY_TOKENS } from '../../memory.tokens';
import type { CallContext } from '@kioku/call-context';
import type { MemorySettings } from '../../memory-settings';
import { MemoryRepository, type MemoryMatch } from '../memory.repository';
import { MemoryChangeNotifier } from '../memory-change.listener';
import { assertNotXmlWrapped, normalizeContent } from './memory-fields.input';
import { buildFields } from './build-memory';
import { autoLinks } from './auto-link';
import { findDuplicate } from './duplicate-check';
import { VerifiedLinkWriter } from './verified-link-writer';
import { ConversationThread } from './conversation-thread';
import type { RememberInput } from './remember-item.input';
import { batchNeighbours } from './batch-neighbours';
import { ChunkedEmbedding } from './chunked-embedding';

/**
 * Items embedded and stored together: one pass of the local embedder (32 texts), so that storing one
 * chunk overlaps embedding the next. Smaller chunks cost the store more per item than they save
 * (measured with `kioku bench`: chunks of 16 ingested slower than 32). Calls grouped into one commit
 * hold at most this many items too.
 */
const CHUNK_SIZE = 32;
/** Chunks queued at the embedder beyond the one being stored. */
const CHUNKS_AHEAD = 1;

export type RememberItemResult =
  | { status: 'duplicate'; existing: Memory; distance: number }
  | { status: 'saved'; memory: Memory; linked: { memory: Memory; distance: number }[] }
  | { status: 'error'; error: AppError };

interface Prepared {
  index: number;
  content: string;
  fields: ReturnType<typeof buildFields>;
  force: boolean;
}

/** One call, from its arrival until its group has stored it. */
interface Submission {
  context: CallContext;
  chunks: Prepared[][];
  embedding: ChunkedEmbedding<MemoryMatch[][]>;
  results: RememberItemResult[];
  /** Why this call failed on its own (its embedding), while the rest of its group went on. */
  failure?: AppError;
}

/** One item of a chunk, with the call it came from. */
interface ChunkItem {
  submission: Submission;
  item: Prepared;
}

/** What one group carries from chunk to chunk. */
interface GroupRun {
  at: Date;
  /** Every item accepted so far, in order. */
  accepted: Accepted[];
  /** Each caller's place in its thread, by caller id. */
  threads: Map<string, CallerThread>;
}

interface CallerThread {
  /** The memory the caller's next accepted item follows. */
  precedingId: string | undefined;
  /** The caller's last item accepted in this group. */
  last?: Accepted;
}

interface Accepted {
  submission: Submission;
  /** The item's place in its call's input. */
  index: number;
  memory: Memory;
  vector: number[];
  neighbours: MemoryMatch[];
}

@injectable()
export class RememberPipeline {
  /** Per namespace: one group stores at a time, the calls that arrive meanwhile form the next one. */
  private readonly groups = new GroupCommit<Submission>({
    run: (namespace, group) => this.storeGroup(namespace, group),
    fits: (group, next) =>
      [...group, next].every((s) => s.chunks.length === 1) &&
      group.reduce((sum, s) => sum + s.chunks[0].length, next.chunks[0].length) <= CHUNK_SIZE,
  });

  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(VerifiedLinkWriter) private readonly links: VerifiedLinkWriter,
    @inject(MemoryChangeNotifier) private readonly changes: MemoryChangeNotifier,
    @inject(ConversationThread) private readonly thread: ConversationThread,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async remember(items: RememberInput[], context: CallContext): Promise<RememberItemResult[]> {
    const { maxBatchSize } = this.settings;
    if (items.length === 0 || items.length > maxBatchSize)
      throw AppError.invalidInput(
        `A batch holds 1 to ${maxBatchSize} memories (KIOKU_MAX_BATCH_SIZE); this one holds ${items.length}. ` +
          'Nothing was saved: split it into smaller batches.',
        { items: items.length, maxBatchSize },
      );
    const results: RememberItemResult[] = new Array<RememberItemResult>(items.length);
    const prepared: Prepared[] = [];
    items.forEach((item, index) => {
      try {
        prepared.push(this.prepare(item, index));
      } catch (error) {
        results[index] = { status: 'error', error: toAppError(error) };
      }
    });
    if (prepared.length === 0) return results;

    // Embedding starts at once; the store work (and the neighbour queries, which must see what an
    // earlier call stored) waits for the namespace's group, taken in arrival order.
    const chunks = chunked(prepared, CHUNK_SIZE);
    const embedding = new ChunkedEmbedding(
      this.embeddings,
      chunks.map((chunk) => chunk.map((p) => p.content)),
      CHUNKS_AHEAD,
      (vectors) => this.memories.nearestEach(context.namespace, vectors, this.settings.maxAutoLinks + 1),
    );
    const submission: Submission = { context, chunks, embedding, results };
    await this.groups.submit(context.namespace, submission);
    if (submission.failure !== undefined) throw submission.failure;
    return results;
  }

  /**
   * Stores one group: a call alone a chunk at a time; several calls (one chunk each) as one chunk,
   * their neighbours found in one query. A call whose embedding failed fails alone.
   */
  private async storeGroup(namespace: string, group: Submission[]): Promise<void> {
    const run: GroupRun = { at: this.clock.now(), accepted: [], threads: new Map() };
    if (group.length === 1) return this.storeChunks(namespace, group[0], run);
    const embedded = await Promise.allSettled(group.map((s) => s.embedding.vectors(0)));
    const items: ChunkItem[] = [];
    const vectors: number[][] = [];
    embedded.forEach((outcome, i) => {
      const submission = group[i];
      if (outcome.status === 'rejected') {
        submission.failure = toAppError(outcome.reason);
        return;
      }
      submission.chunks[0].forEach((item, j) => {
        items.push({ submission, item });
        vectors.push(outcome.value[j]);
      });
    });
    if (items.length === 0) return;
    const found = await this.memories.nearestEach(namespace, vectors, this.settings.maxAutoLinks + 1);
    await this.storeChunk(namespace, items, vectors, found, run);
  }

  /** One call's chunks in order; a failure after the first chunk is reported on every item not saved. */
  private async storeChunks(namespace: string, submission: Submission, run: GroupRun): Promise<void> {
    const { chunks, embedding, results } = submission;
    for (const [index, chunk] of chunks.entries()) {
      try {
        const { vectors, found } = await embedding.chunk(index);
        const items = chunk.map((item) => ({ submission, item }));
        await this.storeChunk(namespace, items, vectors, found, run);
      } catch (error) {
        if (index === 0) throw error;
        const failure: RememberItemResult = { status: 'error', error: toAppError(error) };
        for (const item of chunks.slice(index).flat()) results[item.index] ??= failure;
        break;
      }
    }
  }

  private async storeChunk(
    namespace: string,
    items: ChunkItem[],
    vectors: number[][],
    fromStore: MemoryMatch[][],
    run: GroupRun,
  ): Promise<void> {
    const accepted = this.decide(items, vectors, fromStore, run);
    if (accepted.length === 0) return;
    const followers = await this.save(namespace, accepted, run);
    let kept: Set<string>;
    try {
      kept = await this.saveLinks(accepted, namespace, run.at.toISOString());
    } finally {
      // After the links: a write beside the link write would slow it (the store takes writes in turn).
      this.thread.recordFollowers(namespace, followers);
    }
    for (const { submission, index, memory, neighbours } of accepted) {
      await this.changes.saved(namespace, memory);
      const linked = neighbours.filter((n) => kept.has(pairKey(memory.id, n.memory.id)));
      this.logger.info('memory.saved', { id: memory.id, private: memory.isPrivate, links: linked.length });
      submission.results[index] = {
        status: 'saved',
        memory,
        linked: linked.map((n) => ({ memory: n.memory, distance: n.distance })),
      };
    }
  }

  private prepare(item: RememberInput, index: number): Prepared {
    assertNotXmlWrapped({
      content: item.content,
      tags: item.tags,
      category: item.category,
      emotion: item.emotion,
    });
    return {
      index,
      content: normalizeContent(item.content, this.settings.maxContentLength),
      fields: buildFields(item),
      force: item.force === true,
    };
  }

  /**
   * Goes through a chunk's items in order: a duplicate (of a stored memory or of an item before it in
   * the group) is refused; every other item becomes a memory, threaded after its caller's last one.
   */
  private decide(
    items: ChunkItem[],
    vectors: number[][],
    fromStore: MemoryMatch[][],
    run: GroupRun,
  ): Accepted[] {
    const now = run.at.toISOString();
    const accepted: Accepted[] = [];
    items.forEach(({ submission, item }, i) => {
      const vector = vectors[i];
      const neighbours = batchNeighbours(vector, fromStore[i], run.accepted, this.settings.maxAutoLinks + 1);
      const duplicate = item.force ? undefined : findDuplicate(item.content, neighbours, this.settings);
      if (duplicate) {
        this.logger.info('memory.duplicate_refused', {
          existingId: duplicate.memory.id,
          private: item.fields.isPrivate,
        });
        submission.results[item.index] = {
          status: 'duplicate',
          existing: duplicate.memory,
          distance: duplicate.distance,
        };
        return;
      }
      const thread = this.callerThread(run, submission.context);
      const memory: Memory = {
        id: this.ids.next('mem'),
        content: item.content,
        createdAt: now,
        updatedAt: now,
        ...item.fields,
        accessCount: 0,
        lastAccessedAt: null,
        embeddingModel: this.embeddings.modelId,
        ...(thread.precedingId ? { precedingId: thread.precedingId } : {}),
      };
      if (thread.last) thread.last.memory.followingId = memory.id;
      const entry = { submission, index: item.index, memory, vector, neighbours };
      run.accepted.push(entry);
      accepted.push(entry);
      thread.last = entry;
      thread.precedingId = memory.id;
    });
    return accepted;
  }

  private callerThread(run: GroupRun, context: CallContext): CallerThread {
    let thread = run.threads.get(context.callerId);
    if (!thread) {
      thread = { precedingId: this.thread.preceding(context, run.at) };
      run.threads.set(context.callerId, thread);
    }
    return thread;
  }

  /**
   * Writes a chunk's memories in one upsert, then moves each caller's thread on. Returns what the
   * memory saved before each caller's first one in the chunk (before the group, or in an earlier chunk)
   * learns in the background: its follower.
   */
  private async save(
    namespace: string,
    accepted: Accepted[],
    run: GroupRun,
  ): Promise<{ precedingId: string; id: string }[]> {
    await this.memories.saveMany(namespace, accepted, { isNew: true });
    const firstOfCaller = new Map<string, Accepted>();
    const lastOfCaller = new Map<string, Accepted>();
    for (const entry of accepted) {
      const caller = entry.submission.context.callerId;
      if (!firstOfCaller.has(caller)) firstOfCaller.set(caller, entry);
      lastOfCaller.set(caller, entry);
    }
    for (const last of lastOfCaller.values())
      this.thread.advance(last.submission.context, last.memory.id, run.at);
    return [...firstOfCaller.values()].flatMap(({ memory }) =>
      memory.precedingId ? [{ precedingId: memory.precedingId, id: memory.id }] : [],
    );
  }

  /** A chunk's auto-links, written both ways in one verified write; the pairs kept. */
  private async saveLinks(accepted: Accepted[], namespace: string, now: string): Promise<Set<string>> {
    const { linkDistance, maxAutoLinks } = this.settings;
    const links: Link[] = accepted.flatMap(
      ({ memory, neighbours }) => autoLinks(memory.id, neighbours, linkDistance, maxAutoLinks, now).links,
    );
    const kept = await this.links.save(namespace, links);
    return new Set(kept.map((l) => pairKey(l.sourceId, l.targetId)));
  }
}

function pairKey(sourceId: string, targetId: string): string {
  return `${sourceId}>${targetId}`;
}
