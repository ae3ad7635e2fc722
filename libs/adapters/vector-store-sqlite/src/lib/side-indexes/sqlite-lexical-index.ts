/**
 * The lexical index beside Chroma (single-node Chroma has no sparse index): the BM25 tables
 * (`LexicalTables`) in a SQLite file of their own. WAL mode lets every kioku process on the machine
 * read and write the same file at once, and each sees the others' writes at its next query.
 */
import { type Filter, type Metadata } from '@kioku/vector-store';
import { type IndexableDocument, type LexicalHit, type LexicalIndex } from '@kioku/vector-store-base';
import { LexicalTables } from '../sqlite/lexical-tables';
import { openIndexDatabase, writeTransaction, type SqliteDatabase } from '../sqlite/sqlite-driver';

export class SqliteLexicalIndex implements LexicalIndex {
  private readonly db: SqliteDatabase;
  private readonly tables: LexicalTables;

  constructor(file: string) {
    this.db = openIndexDatabase(file);
    this.tables = new LexicalTables(this.db);
  }

  async open(collection: string): Promise<boolean> {
    return this.tables.open(collection);
  }

  async isIndexed(collection: string): Promise<boolean> {
    return this.tables.isIndexed(collection);
  }

  async drop(collection: string): Promise<void> {
    writeTransaction(this.db, () => this.tables.drop(collection));
  }

  async upsert(collection: string, documents: IndexableDocument[]): Promise<void> {
    writeTransaction(this.db, () => this.tables.upsert(collection, documents));
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    writeTransaction(this.db, () => this.tables.patchMetadata(collection, patches));
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    if (ids.length > 0) writeTransaction(this.db, () => this.tables.delete(collection, ids));
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    writeTransaction(this.db, () => this.tables.deleteWhere(collection, filter));
  }

  async search(collection: string, text: string, limit: number, filter?: Filter): Promise<LexicalHit[]> {
    return this.tables.search(collection, text, limit, filter);
  }

  async indexedMetadata(collection: string, ids: string[]): Promise<Map<string, Metadata>> {
    return this.tables.indexedMetadata(collection, ids);
  }

  async idsAfter(collection: string, afterId: string | undefined, limit: number): Promise<string[]> {
    return this.tables.idsAfter(collection, afterId, limit);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
