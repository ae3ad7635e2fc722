/**
 * The `chroma-embedded` VectorStore (the default): the records of the Chroma server this app starts
 * and shares, joined with the lexical and key indexes in `<dataDir>/lexical-index.sqlite`, which every
 * kioku process on the data dir shares as it shares the server; the records' write turns are there too.
 */
import { join } from 'node:path';
import { SideIndexedVectorStore } from '@kioku/vector-store-base';
import { SqliteKeyIndex, SqliteLexicalIndex, SqliteRecordLocks } from '@kioku/vector-store-sqlite';
import {
  ChromaEmbeddedRecordStore,
  type ChromaEmbeddedRecordStoreOptions,
} from './chroma-embedded-record-store.adapter';
import type { ChromaServerManager } from './chroma-server-manager';

export type ChromaEmbeddedVectorStoreOptions = ChromaEmbeddedRecordStoreOptions;

const LEXICAL_INDEX_FILE = 'lexical-index.sqlite';

export class ChromaEmbeddedVectorStore extends SideIndexedVectorStore {
  constructor(manager: ChromaServerManager, options: ChromaEmbeddedVectorStoreOptions = {}) {
    super(
      new ChromaEmbeddedRecordStore(manager, options),
      new SqliteLexicalIndex(join(manager.dataDir, LEXICAL_INDEX_FILE)),
      new SqliteKeyIndex(join(manager.dataDir, LEXICAL_INDEX_FILE)),
      new SqliteRecordLocks(join(manager.dataDir, LEXICAL_INDEX_FILE)),
    );
  }
}
