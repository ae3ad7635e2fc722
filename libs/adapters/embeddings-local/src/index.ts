export {
  LocalEmbeddingProvider,
  LOCAL_EMBEDDING_MODEL_ID,
  LOCAL_EMBEDDING_DIMENSION,
  LOCAL_CALIBRATED_THRESHOLDS,
  type LocalEmbeddingProviderOptions,
} from './lib/local-embedding-provider.adapter';
export {
  LocalThreadedEmbeddingProvider,
  type LocalThreadedEmbeddingProviderOptions,
} from './lib/local-threaded-embedding-provider.adapter';
export type { SentenceEncoder } from './lib/use-lite-encoder';
export { embeddingsLocalModule, type EmbeddingsLocalModuleOptions } from './lib/embeddings-local.module';
