/** Public API of @kioku/vector-store-sqlite: what other projects use; everything else is internal. */
export { SqliteKeyIndex } from './lib/side-indexes/sqlite-key-index';
export { SqliteLexicalIndex } from './lib/side-indexes/sqlite-lexical-index';
export { SqliteVectorStore } from './lib/store/sqlite-vector-store.adapter';
export { STORE_FILE } from './lib/store/store-schema';
export { vectorStoreSqliteModule } from './lib/vector-store-sqlite.module';
export { SqliteRecordLocks } from './lib/side-indexes/sqlite-record-locks';
