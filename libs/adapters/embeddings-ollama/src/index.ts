/** Public API of the Ollama embedding adapter: the provider, its errors and its DI module. */
/** @public: required when configured, by @kioku/composition's adapter-modules.ts (knip does not follow that require). */
export { embeddingsOllamaModule } from './lib/embeddings-ollama.module';
