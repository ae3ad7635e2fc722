/** An embedding provider with its `embed` in front of another's: the same model, vectors and settings. */
import type { EmbeddingProvider } from '@kioku/embeddings';

export function withEmbed(
  provider: EmbeddingProvider,
  embed: (texts: string[]) => Promise<number[][]>,
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
