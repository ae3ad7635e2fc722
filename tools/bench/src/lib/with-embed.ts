/**
 * An embedding provider with its `embed` in front of another's: the same model, vectors and settings.
 * `embed` gets the caller's options and passes them on, so that a recall's query keeps its priority at
 * the embedder as it does outside the bench.
 */
import type { EmbeddingProvider, EmbedOptions } from '@kioku/embeddings';

export function withEmbed(
  provider: EmbeddingProvider,
  embed: (texts: string[], options?: EmbedOptions) => Promise<number[][]>,
): EmbeddingProvider {
  return {
    get modelId() {
      return provider.modelId;
    },
    get dimension() {
      return provider.dimension;
    },
    calibratedThresholds: provider.calibratedThresholds,
    recallWeights: provider.recallWeights,
    init: () => provider.init(),
    embed,
  };
}
