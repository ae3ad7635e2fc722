/** Public API of the Qdrant vector-store adapter: the store, its DI module, and its pure helpers. */
export { QdrantVectorStore } from './lib/qdrant-vector-store.adapter';
export {
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_WRITE_ORDERING,
  type QdrantVectorStoreOptions,
  type QdrantReadConsistency,
  type QdrantWriteOrdering,
} from './lib/qdrant-options';
export {
  vectorStoreQdrantModule,
  type VectorStoreQdrantModuleOptions,
} from './lib/vector-store-qdrant.module';
export { KIOKU_POINT_ID_NAMESPACE, pointIdOf, uuidV5 } from './lib/qdrant-point-id.mapper';
export { PAYLOAD_INDEXES, type PayloadIndexSchema } from './lib/qdrant-payload-indexes';
export { DEFAULT_RETRY, type RetryOptions } from './lib/qdrant-retry.policy';
