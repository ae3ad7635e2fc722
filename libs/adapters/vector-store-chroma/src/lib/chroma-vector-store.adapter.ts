/**
 * The `chroma` VectorStore: a Chroma server's records joined with the lexical and key indexes kept
 * beside it in a SQLite file on this machine (single-node Chroma has no sparse index, and scans
 * metadata to filter), where the records' write turns are kept too. Every kioku process that
 * uses the same Chroma server must use the same index file, so they must run on one machine; a
 * deployment over several machines uses Qdrant, whose index lives on its points.
 */
import { SideIndexedVectorStore } from '@kioku/vector-store-base';
import { ChromaRecordStore, type ChromaRecordStoreOptions } from './chroma-record-store.adapter';
import { SqliteKeyIndex, SqliteLexicalIndex, SqliteRecordLocks } from '@kioku/vector-store-sqlite';

export interface ChromaVectorStoreOptions extends ChromaRecordStoreOptions {
  /** The SQLite file of the lexical and key indexes (created if missing). */
  lexicalIndexFile: string;
}

export class ChromaVectorStore extends SideIndexedVectorStore {
  private readonly chroma: ChromaRecordStore;

  constructor(options: ChromaVectorStoreOptions) {
    const chroma = new ChromaRecordStore(options);
    super(
      chroma,
      new SqliteLexicalIndex(options.lexicalIndexFile),
      new SqliteKeyIndex(options.lexicalIndexFile),
      new SqliteRecordLocks(options.lexicalIndexFile),
    );
    this.chroma = chroma;
  }

  /** The server address without credentials. */
  get url(): string {
    return this.chroma.url;
  }
}
