/** Public API of @kioku/embeddings: what other projects use; everything else is internal. */
export {
  type DistanceThresholds,
  type EmbedOptions,
  type EmbeddingProvider,
  type RecallWeights,
} from './lib/embedding-provider.port';
export {
  EmbeddingBusyError,
  EmbeddingUnavailableError,
  assertEmbeddableTexts,
} from './lib/embeddings.errors';
export { EMBEDDINGS_TOKENS } from './lib/embeddings.tokens';
