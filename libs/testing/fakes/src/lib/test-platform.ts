/**
 * Binds the platform services every domain test needs — the given vector store and embedder, a
 * fixed clock, ids and the real redacting logger writing to a capturing sink — so each library's
 * test kit only adds its own modules and settings.
 */
import type { Container } from 'inversify';
import { KERNEL_TOKENS, RandomIdGenerator } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { VECTOR_STORE_TOKENS, type VectorStore } from '@kioku/vector-store';
import { RedactingLogger } from '@kioku/redaction';
import { CapturingLogSink } from './capturing-log-sink';
import { FixedClock } from './fixed-clock';

export function bindTestPlatform(
  container: Container,
  services: { store: VectorStore; embeddings: EmbeddingProvider },
): { clock: FixedClock; logs: CapturingLogSink } {
  const clock = new FixedClock();
  const logs = new CapturingLogSink();
  container.bind(VECTOR_STORE_TOKENS.VectorStore).toConstantValue(services.store);
  container.bind(EMBEDDINGS_TOKENS.EmbeddingProvider).toConstantValue(services.embeddings);
  container.bind(KERNEL_TOKENS.Clock).toConstantValue(clock);
  container.bind(KERNEL_TOKENS.IdGenerator).toConstantValue(new RandomIdGenerator());
  container.bind(KERNEL_TOKENS.Logger).toConstantValue(new RedactingLogger(logs, 'debug', clock));
  return { clock, logs };
}
