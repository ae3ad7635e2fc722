/** Public API of the Ollama embedding adapter: the provider, its errors and its DI module. */
export { embeddingsOllamaModule } from './lib/embeddings-ollama.module';
