/**
 * Assembles the memory use cases for tests: the in-process vector store, the deterministic embedder,
 * a fixed clock and a capturing log sink behind the real redacting logger.
 */
import { Container } from 'inversify';
import type { EmbeddingProvider } from '@kioku/embeddings';
import type { VectorStore } from '@kioku/vector-store';
import { MemoryVectorStore } from '@kioku/vector-store-memory';
import { linksModule } from '@kioku/links';
import { namespaceStorageModule } from '@kioku/namespace-storage';
import {
  bindTestPlatform,
  DeterministicEmbeddingProvider,
  type CapturingLogSink,
  type FixedClock,
} from '@kioku/testing-fakes';
import { DEFAULT_MEMORY_SETTINGS, type MemorySettings } from '../memory-settings';
import { memoryModule } from '../memory.module';
import { MEMORY_TOKENS } from '../memory.tokens';

export interface MemoryTestKit {
  container: Container;
  store: VectorStore;
  embeddings: EmbeddingProvider;
  clock: FixedClock;
  logs: CapturingLogSink;
  context: { namespace: string; callerId: string };
}

export function createMemoryTestKit(
  options: { settings?: Partial<MemorySettings>; embeddings?: EmbeddingProvider; store?: VectorStore } = {},
): MemoryTestKit {
  const container = new Container();
  const store = options.store ?? new MemoryVectorStore();
  const embeddings = options.embeddings ?? new DeterministicEmbeddingProvider();
  const { clock, logs } = bindTestPlatform(container, { store, embeddings });
  container.bind(MEMORY_TOKENS.Settings).toConstantValue({ ...DEFAULT_MEMORY_SETTINGS, ...options.settings });
  container.loadSync(namespaceStorageModule(), linksModule(), memoryModule());
  return { container, store, embeddings, clock, logs, context: { namespace: 'test', callerId: 'tester' } };
}
