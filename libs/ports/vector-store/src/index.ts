/** Public API of @kioku/vector-store: what other projects use; everything else is internal. */
export { cosineDistance, cosineDistanceWithNorms, dot, norm, normalize } from './lib/cosine';
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
export { BM25, bm25Idf, bm25TermWeight } from './lib/lexical/bm25';
export { InMemoryLexicalIndex, type LexicalHit } from './lib/lexical/in-memory-lexical-index';
export { type IndexableDocument, type LexicalIndex } from './lib/lexical/lexical-index.port';
export { LexicallyIndexedVectorStore, type RecordStore } from './lib/lexical/lexically-indexed-vector-store';
export { analyzeText, termFrequencies } from './lib/lexical/text-analyzer';
export { decodeCursor, encodeCursor, isOffset } from './lib/paging-cursor';
export {
  assertCollectionName,
  assertDimension,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertVector,
} from './lib/record-validation';
export { type StoreBackend, type StoreFailure, toPortError } from './lib/store-failure';
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
