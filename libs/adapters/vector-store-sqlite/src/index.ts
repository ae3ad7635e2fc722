/** Public API of @kioku/vector-store-sqlite: what other projects use; everything else is internal. */
export { SqliteKeyIndex } from './lib/side-indexes/sqlite-key-index';
export { SqliteLexicalIndex } from './lib/side-indexes/sqlite-lexical-index';
export { SqliteRecordLocks, type SqliteRecordLocksOptions } from './lib/side-indexes/sqlite-record-locks';
