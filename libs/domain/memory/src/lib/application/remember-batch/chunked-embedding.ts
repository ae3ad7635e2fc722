/**
 * Embeds a batch a chunk at a time from the moment it is made, keeping the next chunks queued at the
 * embedder while the caller stores the chunk before them: the embedder (worker threads, or another
 * server) never waits for the vector store, and the store's work on one chunk overlaps the embedding
 * of the next. Each chunk's `lookup` (its nearest stored memories) starts as soon as its vectors are
 * ready: a chunk's query never waits for the writes of the chunk before it (the items of earlier
 * chunks come from the batch).
 */
import type { EmbeddingProvider } from '@kioku/embeddings';

export interface EmbeddedChunk<T> {
  vectors: number[][];
  found: T;
}

export class ChunkedEmbedding<T> {
  private readonly started: Promise<EmbeddedChunk<T>>[] = [];

  /**
   * Queues the first chunk (and `ahead` more) at once. `ahead`: chunks queued beyond the one asked
   * for (bounded, so one batch never fills the embedder's queue).
   */
  constructor(
    private readonly embeddings: EmbeddingProvider,
    private readonly chunks: string[][],
    private readonly ahead: number,
    private readonly lookup: (vectors: number[][]) => Promise<T>,
  ) {
    this.queueFor(0);
  }

  /** Chunk `index`'s vectors and what its lookup found, having queued the chunks after it up to `ahead`. */
  chunk(index: number): Promise<EmbeddedChunk<T>> {
    this.queueFor(index);
    return this.started[index];
  }

  private queueFor(index: number): void {
    const until = Math.min(this.chunks.length, index + this.ahead + 1);
    for (let next = this.started.length; next < until; next++) {
      const embedded = this.embeddings
        .embed(this.chunks[next])
        .then(async (vectors) => ({ vectors, found: await this.lookup(vectors) }));
      // Awaited when its turn comes; a failure of a chunk that is never reached is not unhandled.
      embedded.catch(() => undefined);
      this.started.push(embedded);
    }
  }
}
