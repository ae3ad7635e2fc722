/**
 * DI wiring for the local embedding provider: one shared instance. By default the model runs in
 * worker threads (`LocalThreadedEmbeddingProvider`), which are terminated when the container is
 * unbound; `threads: 0` runs it on the event loop (`LocalEmbeddingProvider`).
 */
import { ContainerModule } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { LocalEmbeddingProvider } from './local-embedding-provider.adapter';
import {
  LocalThreadedEmbeddingProvider,
  type LocalThreadedEmbeddingProviderOptions,
} from './local-embedding-threads';

/** The threaded provider's options; `threads: 0` runs the model on the event loop instead. */
export type EmbeddingsLocalModuleOptions = LocalThreadedEmbeddingProviderOptions;

export function embeddingsLocalModule(options: EmbeddingsLocalModuleOptions = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(EMBEDDINGS_TOKENS.EmbeddingProvider)
      .toDynamicValue((): EmbeddingProvider =>
        options.threads === 0 ? new LocalEmbeddingProvider() : new LocalThreadedEmbeddingProvider(options),
      )
      .inSingletonScope()
      .onDeactivation(async (provider) => {
        if (provider instanceof LocalThreadedEmbeddingProvider) await provider.dispose();
      });
  });
}
