/** Public API of the Ollama embedding adapter: the provider, its errors and its DI module. */
export {
  OllamaEmbeddingProvider,
  OLLAMA_DEFAULT_TIMEOUT_MS,
  OLLAMA_DEFAULT_MAX_BATCH_SIZE,
  OLLAMA_DEFAULT_MAX_CONCURRENT_REQUESTS,
  type OllamaEmbeddingProviderOptions,
} from './lib/ollama-embedding-provider.adapter';
export { OllamaModelNotFoundError, OllamaDimensionMismatchError } from './lib/ollama-embeddings.errors';
export { embeddingsOllamaModule } from './lib/embeddings-ollama.module';
