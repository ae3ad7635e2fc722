/**
 * DI wiring for `KIOKU_VECTOR_STORE=qdrant`: binds `VECTOR_STORE_TOKENS.VectorStore` to one shared
 * QdrantVectorStore per container, using `KERNEL_TOKENS.Logger` when it is bound. Options come from the
 * app's parsed configuration (nothing here reads the environment).
 */
import { ContainerModule } from 'inversify';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import {
  QdrantVectorStore,
  type QdrantReadConsistency,
  type QdrantWriteOrdering,
} from './qdrant-vector-store.adapter';
import type { RetryOptions } from './qdrant-retry.policy';

export interface VectorStoreQdrantModuleOptions {
  /** The Qdrant REST endpoint, e.g. `http://localhost:6333` (port 6333 when omitted). */
  url: string;
  /** Qdrant API key, sent as the `api-key` header. */
  apiKey?: string;
  /** Per-request timeout in ms (default 15 000). */
  requestTimeoutMs?: number;
  /** Shards per new collection (default 1). */
  shardNumber?: number;
  /** Copies of each shard per new collection (default 1; a cluster needs ≥ 2 to survive a node loss). */
  replicationFactor?: number;
  /** Replicas that must apply a write before it is acknowledged (default 1). */
  writeConsistencyFactor?: number;
  /** Ordering of writes across replicas (default `medium`). */
  writeOrdering?: QdrantWriteOrdering;
  /** Read consistency (default: Qdrant's, one replica). */
  readConsistency?: QdrantReadConsistency;
  /** Retries of transient failures (default 2). */
  retry?: RetryOptions;
}

/** Binds `VECTOR_STORE_TOKENS.VectorStore` to a singleton `QdrantVectorStore`. */
export function vectorStoreQdrantModule(options: VectorStoreQdrantModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(VECTOR_STORE_TOKENS.VectorStore)
      .toDynamicValue(
        (context) =>
          new QdrantVectorStore({
            ...options,
            logger: context.get(KERNEL_TOKENS.Logger, { optional: true }),
          }),
      )
      .inSingletonScope();
  });
}
