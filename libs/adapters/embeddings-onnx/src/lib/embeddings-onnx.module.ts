/**
 * DI wiring for the ONNX embedding provider: one shared instance, whose threads are terminated when
 * the container is unbound. A model fetched on first use is logged (`embeddings.onnx.fetching_model`).
 */
import { ContainerModule } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { OnnxEmbeddingProvider, type OnnxEmbeddingProviderOptions } from './onnx-embedding-provider.adapter';

export function embeddingsOnnxModule(options: OnnxEmbeddingProviderOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(EMBEDDINGS_TOKENS.EmbeddingProvider)
      .toDynamicValue((context): EmbeddingProvider => {
        const logger = context.get(KERNEL_TOKENS.Logger, { optional: true });
        return new OnnxEmbeddingProvider({
          onFetch: (url, bytes) =>
            logger?.warn('embeddings.onnx.fetching_model', { url, megabytes: Math.round(bytes / 1e5) / 10 }),
          ...options,
        });
      })
      .inSingletonScope()
      .onDeactivation(async (provider) => {
        if (provider instanceof OnnxEmbeddingProvider) await provider.dispose();
      });
  });
}
