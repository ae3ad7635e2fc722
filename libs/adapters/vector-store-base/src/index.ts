/**
 * Public API of @kioku/vector-store-base: what every VectorStore adapter builds on (record checks,
 * paging cursors, mapping a backend's failures to the port's errors) and the indexes kept beside a
 * store that lacks them: lexical (in process, or joined to a record store) and by metadata key.
 */
export { InMemoryLexicalIndex } from './lib/in-memory-lexical-index';
export { type KeyedRecord, type KeyIndex } from './lib/key-index.port';
export { type IndexableDocument, type LexicalHit, type LexicalIndex } from './lib/lexical-index.port';
export { keyLookupFor, type KeyLookup } from './lib/key-lookup';
export { InProcessRecordLocks } from './lib/in-process-record-locks';
export { type NearestId, type RecordStore } from './lib/record-store';
export { type RecordLocks } from './lib/record-locks.port';
export { sameMetadata } from './lib/same-metadata';
export { SideIndexedVectorStore } from './lib/side-indexed-vector-store';
export { decodeCursor, encodeCursor, isOffset } from './lib/paging-cursor';
export {
  assertCollectionName,
  assertDimension,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertSameId,
  assertVector,
} from './lib/record-validation';
export { type StoreBackend, type StoreFailure, toPortError } from './lib/store-failure';
