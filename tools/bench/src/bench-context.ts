/**
 * What every benchmark step shares: the live services from the app container, the generators, the
 * profiler and a progress line on stderr (stdout carries only the report).
 */
import type { EmbeddingProvider } from '@kioku/embeddings';
import type { IdGenerator } from '@kioku/kernel';
import type { MemoryRepository, RecallUseCase, RememberBatchUseCase, RememberUseCase } from '@kioku/memory';
import type { VectorStore } from '@kioku/vector-store';
import type { KnownVectors } from './lib/known-vectors';
import type { OperationProfiler } from './lib/operation-profiler';
import type { SeedClock } from './lib/seed-clock';
import type { SeededRandom } from './lib/seeded-random';
import type { SentenceGenerator } from './lib/sentence-generator';

export interface BenchContext {
  embeddings: EmbeddingProvider;
  store: VectorStore;
  memories: MemoryRepository;
  recall: RecallUseCase;
  remember: RememberUseCase;
  rememberBatch: RememberBatchUseCase;
  ids: IdGenerator;
  /** The container's clock; set back while seeding. */
  clock: SeedClock;
  /** The seeds' vectors, in front of the container's embedder while they are saved. */
  seedVectors: KnownVectors;
  /** Memory sentences: the pool, fills, and every measured text. */
  sentences: SentenceGenerator;
  random: SeededRandom;
  profiler: OperationProfiler;
  progress(line: string): void;
}

/** Milliseconds taken by `action`. */
export async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}
