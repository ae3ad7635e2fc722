/**
 * The in-process store's database: one SQLite file under the data dir (0600, WAL) holding every
 * collection's records, their vectors (and their int8 codes), the ids by value of their indexed keys, the BM25 tables
 * (`LexicalTables`) and a log of vector changes, written together in one transaction per write.
 * Several kioku processes share it: SQLite's locks order their writes, and each reader sees a
 * committed snapshot. `synchronous = FULL`: an acknowledged write survives a power loss too, not only
 * a crash of the process.
 */
import { openIndexDatabase, type SqliteDatabase } from '../sqlite/sqlite-driver';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS store_collections (
    id INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: a dropped collection's id names nothing again
    name TEXT NOT NULL UNIQUE,
    dimension INTEGER NOT NULL,
    metadata TEXT NOT NULL, -- JSON object
    indexed_keys TEXT NOT NULL DEFAULT '[]' -- JSON array, sorted
  );
  CREATE TABLE IF NOT EXISTS records (
    collection INTEGER NOT NULL,
    id TEXT NOT NULL,
    metadata TEXT NOT NULL, -- JSON object, flat
    document TEXT NOT NULL,
    UNIQUE (collection, id)
  );
  -- Apart from the records: a vector is a few KB, and reads of metadata should not page through them.
  CREATE TABLE IF NOT EXISTS vectors (
    collection INTEGER NOT NULL,
    id TEXT NOT NULL,
    vector BLOB NOT NULL, -- float32
    UNIQUE (collection, id)
  );
  -- Each vector as one byte per component (quantize.ts): what a process reads to search a collection,
  -- a quarter of the float32 bytes and no arithmetic at load.
  CREATE TABLE IF NOT EXISTS vector_codes (
    collection INTEGER NOT NULL,
    id TEXT NOT NULL,
    code BLOB NOT NULL, -- int8
    UNIQUE (collection, id)
  );
  CREATE TABLE IF NOT EXISTS record_keys (
    collection INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL, -- JSON, so that 1, "1" and true stay apart
    id TEXT NOT NULL,
    PRIMARY KEY (collection, key, value, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS record_keys_by_record ON record_keys (collection, id);
  -- Every write of a vector (or its delete), in commit order: how each process brings the vectors it
  -- searches in memory up to date with the others' writes.
  CREATE TABLE IF NOT EXISTS vector_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    collection INTEGER NOT NULL,
    id TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS vector_changes_by_collection ON vector_changes (collection, seq);
  CREATE TABLE IF NOT EXISTS store_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
`;

/** The file name of the store under the data dir. */
export const STORE_FILE = 'store.sqlite';

export function openStoreDatabase(file: string): SqliteDatabase {
  const db = openIndexDatabase(file);
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);
  return db;
}
