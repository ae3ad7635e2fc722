/** DI wiring for the local embedding provider: one shared instance (one model load per process). */
import { ContainerModule } from 'inversify';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import {
  LocalEmbeddingProvider,
  type LocalEmbeddingProviderOptions,
} from './local-embedding-provider.adapter';

export function embeddingsLocalModule(options: LocalEmbeddingProviderOptions = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(EMBEDDINGS_TOKENS.EmbeddingProvider)
      .toDynamicValue(() => new LocalEmbeddingProvider(options))
      .inSingletonScope();
  });
}
