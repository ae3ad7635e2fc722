/** DI token for the embedding provider. */
import { token } from '@kioku/kernel';
import type { EmbeddingProvider } from './embedding-provider.port';

export const EMBEDDINGS_TOKENS = {
  EmbeddingProvider: token<EmbeddingProvider>('embeddings.EmbeddingProvider'),
} as const;
