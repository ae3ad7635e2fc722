/**
 * The embedder with some texts' vectors given in advance. The bench seeds its namespaces through
 * remember_batch and remember as users do, but most seed vectors are already known (the pool, embedded
 * once, and the synthetic records beyond it): the use cases get those from here and embed every other
 * text (every measured one) with the model.
 */
import type { EmbeddingProvider, EmbedOptions } from '@kioku/embeddings';
import { withEmbed } from './with-embed';

export class KnownVectors {
  private readonly vectors = new Map<string, number[]>();

  /** `text` is embedded as `vector` until `forget`. */
  set(text: string, vector: number[]): void {
    this.vectors.set(text, vector);
  }

  forget(texts: readonly string[]): void {
    for (const text of texts) this.vectors.delete(text);
  }

  /** The provider with these vectors in front of it. */
  wrap(provider: EmbeddingProvider): EmbeddingProvider {
    const embed = async (texts: string[], options?: EmbedOptions): Promise<number[][]> => {
      const unknown = [...new Set(texts.filter((text) => !this.vectors.has(text)))];
      const embedded = new Map<string, number[]>();
      if (unknown.length > 0) {
        const vectors = await provider.embed(unknown, options);
        unknown.forEach((text, i) => embedded.set(text, vectors[i]));
      }
      return texts.map((text) => this.vectors.get(text) ?? embedded.get(text)!);
    };
    return withEmbed(provider, embed);
  }
}
