/**
 * Embeds a batch a chunk at a time, keeping the next chunks queued at the embedder while the caller
 * stores the chunk before them: the embedder (worker threads, or another server) never waits for the
 * vector store, and the store's work on one chunk overlaps the embedding of the next.
 */
import type { EmbeddingProvider } from '@kioku/embeddings';

export class ChunkedEmbedding {
  private readonly started: Promise<number[][]>[] = [];

  /** `ahead`: chunks queued beyond the one asked for (bounded, so one batch never fills the embedder's queue). */
  constructor(
    private readonly embeddings: EmbeddingProvider,
    private readonly chunks: string[][],
    private readonly ahead: number,
  ) {}

  /** The vectors of chunk `index`, having queued the chunks after it up to `ahead`. */
  vectorsOf(index: number): Promise<number[][]> {
    const until = Math.min(this.chunks.length, index + this.ahead + 1);
    for (let next = this.started.length; next < until; next++) {
      const vectors = this.embeddings.embed(this.chunks[next]);
      // Awaited when its turn comes; a failure of a chunk that is never reached is not unhandled.
      vectors.catch(() => undefined);
      this.started.push(vectors);
    }
    return this.started[index];
  }
}
