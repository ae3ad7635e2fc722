/**
 * Embeds a batch a chunk at a time from the moment it is made, keeping the next chunks queued at the
 * embedder while the caller stores the chunk before them: the embedder (worker threads, or another
 * server) never waits for the vector store, and the store's work on one chunk overlaps the embedding
 * of the next. Once the caller asks for a chunk with its `lookup` (its nearest stored memories), the
 * lookups of the chunks queued after it start as soon as their vectors are ready: a chunk's query
 * never waits for the writes of the chunk before it (the items of earlier chunks come from the batch).
 * `vectors` gives a chunk's vectors alone, for a caller that looks them up with other calls' vectors.
 */
import type { EmbeddingProvider } from '@kioku/embeddings';

export interface EmbeddedChunk<T> {
  vectors: number[][];
  found: T;
}

export class ChunkedEmbedding<T> {
  private readonly embedded: Promise<number[][]>[] = [];
  private readonly looked: Promise<EmbeddedChunk<T>>[] = [];

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

  get chunkCount(): number {
    return this.chunks.length;
  }

  /** Chunk `index`'s vectors, having queued the chunks after it up to `ahead`. */
  vectors(index: number): Promise<number[][]> {
    this.queueFor(index);
    return this.embedded[index];
  }

  /** Chunk `index`'s vectors and what its lookup found; the queued chunks after it are looked up when embedded. */
  chunk(index: number): Promise<EmbeddedChunk<T>> {
    this.queueFor(index);
    for (let next = this.looked.length; next < this.embedded.length; next++) {
      const looked = this.embedded[next].then(async (vectors) => ({
        vectors,
        found: await this.lookup(vectors),
      }));
      // Awaited when its turn comes; a failure of a chunk that is never reached is not unhandled.
      looked.catch(() => undefined);
      this.looked.push(looked);
    }
    return this.looked[index];
  }

  private queueFor(index: number): void {
    const until = Math.min(this.chunks.length, index + this.ahead + 1);
    for (let next = this.embedded.length; next < until; next++) {
      const embedded = this.embeddings.embed(this.chunks[next]);
      embedded.catch(() => undefined);
      this.embedded.push(embedded);
    }
  }
}
