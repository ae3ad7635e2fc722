/** Public API of @kioku/embeddings-local: what other projects use; everything else is internal. */
export { embeddingsLocalModule } from './lib/embeddings-local.module';
export { LOCAL_CALIBRATED_THRESHOLDS, LocalEmbeddingProvider } from './lib/local-embedding-provider.adapter';
