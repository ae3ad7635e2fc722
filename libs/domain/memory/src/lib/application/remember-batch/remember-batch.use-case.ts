/**
 * remember, for one memory or many (behaviour §4.1; `remember` is a batch of one): each item is
 * normalised and checked on its own (a bad item is reported, the others go on); the contents are
 * embedded a chunk at a time, the next chunks embedding while one is stored; each item's nearest
 * memories come from the store (one query per chunk where the store allows it, sent as soon as the
 * chunk is embedded) and from the items decided before it in the batch; duplicates are refused
 * (unless forced) and the rest are written one upsert per chunk, auto-linked both ways in one link
 * write per chunk, and threaded in input order. Calls to one namespace take turns for their store
 * work in the order they arrived (their embedding does not wait), so each is checked and linked
 * against every call before it, and a caller with two batches in flight keeps the embedder busy.
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
  TurnsByKey,
  type Clock,
  type IdGenerator,
  type Logger,
} from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import type { Link } from '@kioku/links';
import type { Memory } from '../../domain/memory';
import { MEMORY_TOKENS } from '../../memory.tokens';
import type { CallContext } from '../call-context';
import type { MemorySettings } from '../memory-settings';
import { MemoryRepository, type MemoryMatch } from '../memory.repository';
import { MemoryChangeNotifier } from '../memory-change.listener';
import { assertNotXmlWrapped, normalizeContent } from '../shared/memory-fields.input';
import { buildFields } from '../shared/build-memory';
import { autoLinks } from '../shared/auto-link';
import { findDuplicate } from '../shared/duplicate-check';
import { VerifiedLinkWriter } from '../shared/verified-link-writer';
import { ConversationThread } from '../remember/conversation-thread';
import type { RememberInput } from '../remember/remember.input';
import { batchNeighbours } from './batch-neighbours';
import { ChunkedEmbedding, type EmbeddedChunk } from './chunked-embedding';

/**
 * Items embedded and stored together: one pass of the local embedder (32 texts), so that storing one
 * chunk overlaps embedding the next. Smaller chunks cost the store more per item than they save
 * (measured with `kioku bench`: chunks of 16 ingested slower than 32).
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

/** What one batch carries from chunk to chunk. */
interface BatchRun {
  at: Date;
  /** Every item accepted so far, in input order. */
  accepted: Accepted[];
  /** The memory the next accepted item follows in the caller's thread. */
  precedingId: string | undefined;
}

interface Accepted {
  /** The item's place in the input. */
  index: number;
  memory: Memory;
  vector: number[];
  neighbours: MemoryMatch[];
}

@injectable()
export class RememberBatchUseCase {
  /** Calls into one namespace store in the order they arrived, one at a time (see `execute`). */
  private readonly storeTurns = new TurnsByKey();

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

  async execute(items: RememberInput[], context: CallContext): Promise<RememberItemResult[]> {
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
    // earlier call stored) waits for this namespace's turn, taken in arrival order.
    const turn = this.storeTurns.take(context.namespace);
    try {
      const chunks = chunked(prepared, CHUNK_SIZE);
      const embedding = new ChunkedEmbedding(
        this.embeddings,
        chunks.map((chunk) => chunk.map((p) => p.content)),
        CHUNKS_AHEAD,
        async (vectors) => {
          await turn.ready;
          return this.memories.nearestEach(context.namespace, vectors, this.settings.maxAutoLinks + 1);
        },
      );
      await turn.ready;
      await this.rememberChunks(chunks, embedding, results, context);
    } finally {
      turn.end();
    }
    return results;
  }

  private async rememberChunks(
    chunks: Prepared[][],
    embedding: ChunkedEmbedding<MemoryMatch[][]>,
    results: RememberItemResult[],
    context: CallContext,
  ): Promise<void> {
    const at = this.clock.now();
    const run: BatchRun = { at, accepted: [], precedingId: this.thread.preceding(context, at) };
    for (const [index, chunk] of chunks.entries()) {
      try {
        await this.rememberChunk(chunk, await embedding.chunk(index), run, results, context);
      } catch (error) {
        if (index === 0) throw error;
        const failure: RememberItemResult = { status: 'error', error: toAppError(error) };
        for (const item of chunks.slice(index).flat()) results[item.index] ??= failure;
        break;
      }
    }
  }

  private async rememberChunk(
    chunk: Prepared[],
    { vectors, found: fromStore }: EmbeddedChunk<MemoryMatch[][]>,
    run: BatchRun,
    results: RememberItemResult[],
    context: CallContext,
  ): Promise<void> {
    const accepted = this.decide(chunk, vectors, fromStore, results, run);
    if (accepted.length === 0) return;
    await this.save(accepted, context, run.at);
    const kept = await this.saveLinks(accepted, context.namespace, run.at.toISOString());
    for (const { index, memory, neighbours } of accepted) {
      await this.changes.saved(context.namespace, memory);
      const linked = neighbours.filter((n) => kept.has(pairKey(memory.id, n.memory.id)));
      this.logger.info('memory.saved', { id: memory.id, private: memory.isPrivate, links: linked.length });
      results[index] = {
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
   * the batch) is refused; every other item becomes a memory, threaded after the one before it.
   */
  private decide(
    chunk: Prepared[],
    vectors: number[][],
    fromStore: MemoryMatch[][],
    results: RememberItemResult[],
    run: BatchRun,
  ): Accepted[] {
    const now = run.at.toISOString();
    const accepted: Accepted[] = [];
    chunk.forEach((item, i) => {
      const vector = vectors[i];
      const neighbours = batchNeighbours(vector, fromStore[i], run.accepted, this.settings.maxAutoLinks + 1);
      const duplicate = item.force ? undefined : findDuplicate(item.content, neighbours, this.settings);
      if (duplicate) {
        this.logger.info('memory.duplicate_refused', {
          existingId: duplicate.memory.id,
          private: item.fields.isPrivate,
        });
        results[item.index] = {
          status: 'duplicate',
          existing: duplicate.memory,
          distance: duplicate.distance,
        };
        return;
      }
      const memory: Memory = {
        id: this.ids.next('mem'),
        content: item.content,
        createdAt: now,
        updatedAt: now,
        ...item.fields,
        accessCount: 0,
        lastAccessedAt: null,
        embeddingModel: this.embeddings.modelId,
        ...(run.precedingId ? { precedingId: run.precedingId } : {}),
      };
      const previous = run.accepted.at(-1);
      if (previous) previous.memory.followingId = memory.id;
      const entry = { index: item.index, memory, vector, neighbours };
      run.accepted.push(entry);
      accepted.push(entry);
      run.precedingId = memory.id;
    });
    return accepted;
  }

  /**
   * Writes a chunk's memories in one upsert, then moves the caller's thread on: the memory saved before
   * the chunk (before the batch, or in an earlier chunk) learns its follower in the background, as
   * after a single remember.
   */
  private async save(accepted: Accepted[], context: CallContext, at: Date): Promise<void> {
    const first = accepted[0];
    const last = accepted.at(-1)!;
    await this.memories.saveMany(context.namespace, accepted, { isNew: true });
    this.thread.advance(context, last.memory.id, at);
    if (first.memory.precedingId)
      this.thread.recordFollower(context.namespace, first.memory.precedingId, first.memory.id);
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
