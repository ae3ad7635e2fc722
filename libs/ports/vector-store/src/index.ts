/** Public API of @kioku/vector-store: the port, its errors and its portable filters. */
export {
  type FieldCondition,
  type Filter,
  type Metadata,
  type MetadataValue,
  type TextFilter,
  allOf,
  matchesFilter,
  where,
} from './lib/filter';
export {
  CollectionNotFoundError,
  DimensionMismatchError,
  StoreUnavailableError,
} from './lib/vector-store.errors';
export {
  type CollectionInfo,
  type CollectionSpec,
  type FindRequest,
  type LexicalIndexReport,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
  type TextMatch,
  type TextSearchRequest,
  type UpsertOptions,
  type VectorRecord,
  type VectorStore,
} from './lib/vector-store.port';
export { VECTOR_STORE_TOKENS } from './lib/vector-store.tokens';
