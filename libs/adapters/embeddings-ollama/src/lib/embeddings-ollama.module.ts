/**
 * DI wiring for the Ollama embedding provider: one shared instance per container, so every caller
 * shares its batching and its learned dimension. The app awaits `init()` before use.
 */
import { ContainerModule } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import {
  OllamaEmbeddingProvider,
  type OllamaEmbeddingProviderOptions,
} from './ollama-embedding-provider.adapter';

export function embeddingsOllamaModule(options: OllamaEmbeddingProviderOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(EMBEDDINGS_TOKENS.EmbeddingProvider)
      .toDynamicValue(() => new OllamaEmbeddingProvider(options))
      .inSingletonScope();
  });
}
