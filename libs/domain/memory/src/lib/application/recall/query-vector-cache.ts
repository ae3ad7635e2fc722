/**
 * Recently embedded queries (SPEC §4.2 step 1): a repeated query costs no embedding. Bounded LRU; the
 * vectors are deterministic for a model, so the cache never goes stale.
 */
import { inject, injectable } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';

const CAPACITY = 256;

@injectable()
export class QueryVectorCache {
  private readonly entries = new Map<string, Promise<number[]>>();

  constructor(@inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider) {}

  vectorFor(text: string): Promise<number[]> {
    const cached = this.entries.get(text);
    if (cached) {
      this.entries.delete(text);
      this.entries.set(text, cached);
      return cached;
    }
    const pending = this.embeddings.embed([text]).then(([vector]) => vector);
    pending.catch(() => this.entries.delete(text));
    this.entries.set(text, pending);
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value as string);
    return pending;
  }
}
