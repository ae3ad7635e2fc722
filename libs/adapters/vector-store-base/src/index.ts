/**
 * Public API of @kioku/vector-store-base: what every VectorStore adapter builds on (record checks,
 * paging cursors, mapping a backend's failures to the port's errors) and the lexical index kept beside
 * a store that has none (in process, or joined to a record store).
 */
export { InMemoryLexicalIndex } from './lib/in-memory-lexical-index';
export { type IndexableDocument, type LexicalHit, type LexicalIndex } from './lib/lexical-index.port';
export { LexicallyIndexedVectorStore, type RecordStore } from './lib/lexically-indexed-vector-store';
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
