/**
 * Recently embedded queries (behaviour §4.2 step 1): a repeated query costs no embedding. Bounded LRU; the
 * vectors are deterministic for a model, so the cache never goes stale. Entries are per namespace, so
 * how fast a query answers never tells one tenant what another searched.
 */
import { inject, injectable } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';

const CAPACITY = 256;

@injectable()
export class QueryVectorCache {
  private readonly entries = new Map<string, Promise<number[]>>();

  constructor(@inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider) {}

  vectorFor(namespace: string, text: string): Promise<number[]> {
    const key = `${namespace}\u0000${text}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    // A caller waits on this read: it goes ahead of writes at the embedder (behaviour §4.2).
    const pending = this.embeddings.embed([text], { priority: 'interactive' }).then(([vector]) => vector);
    pending.catch(() => this.entries.delete(key));
    this.entries.set(key, pending);
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value as string);
    return pending;
  }
}
