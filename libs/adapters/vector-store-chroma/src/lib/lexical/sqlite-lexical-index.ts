/**
 * The lexical index beside Chroma (single-node Chroma has no sparse index): a SQLite file holding,
 * per collection, postings (term → documents with term frequency), document lengths and the metadata
 * that recall filters run on, and running totals for BM25's corpus statistics. WAL mode lets every
 * kioku process on the machine read and write the same file at once, and each sees the others'
 * writes at its next query. Terms come from the shared analyser (`analyzeText`), so documents and
 * queries meet on the same terms as on every other backend.
 */
import { SqliteDatabase } from './sqlite-driver';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  BM25,
  bm25Idf,
  termFrequencies,
  analyzeText,
  type Filter,
  type IndexableDocument,
  type LexicalHit,
  type LexicalIndex,
  type Metadata,
} from '@kioku/vector-store';
import { filterToSql } from './sqlite-filter.translator';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS collections (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    document_count INTEGER NOT NULL DEFAULT 0,
    total_length INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS documents (
    collection INTEGER NOT NULL,
    id TEXT NOT NULL,
    length INTEGER NOT NULL,
    metadata TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS postings (
    collection INTEGER NOT NULL,
    term TEXT NOT NULL,
    id TEXT NOT NULL,
    tf INTEGER NOT NULL,
    length INTEGER NOT NULL, -- the document's length, here too so that scoring reads postings alone
    PRIMARY KEY (collection, term, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS postings_by_document ON postings (collection, id);
`;

/** SQLite's default limit on bound parameters is 32 766; stay far below it per statement. */
const IDS_PER_STATEMENT = 500;

export class SqliteLexicalIndex implements LexicalIndex {
  private readonly db: SqliteDatabase;

  constructor(file: string) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    this.db = new SqliteDatabase(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // Another process's write transaction holds the lock for milliseconds; wait for it.
    this.db.pragma('busy_timeout = 10000');
    this.db.exec(SCHEMA);
  }

  async open(collection: string): Promise<boolean> {
    return this.db.prepare('INSERT OR IGNORE INTO collections (name) VALUES (?)').run(collection).changes > 0;
  }

  async isIndexed(collection: string): Promise<boolean> {
    return this.collectionId(collection) !== undefined;
  }

  async drop(collection: string): Promise<void> {
    const id = this.collectionId(collection);
    if (id === undefined) return;
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM postings WHERE collection = ?').run(id);
      this.db.prepare('DELETE FROM documents WHERE collection = ?').run(id);
      this.db.prepare('DELETE FROM collections WHERE id = ?').run(id);
    })();
  }

  async upsert(collection: string, documents: IndexableDocument[]): Promise<void> {
    if (documents.length === 0) return;
    const analysed = documents.map((d) => ({ ...d, frequencies: termFrequencies(d.document) }));
    const insertDocument = this.db.prepare(
      'INSERT INTO documents (collection, id, length, metadata) VALUES (?, ?, ?, ?)',
    );
    const insertPosting = this.db.prepare(
      'INSERT INTO postings (collection, term, id, tf, length) VALUES (?, ?, ?, ?, ?)',
    );
    this.db.transaction(() => {
      const id = this.collectionId(collection);
      if (id === undefined) return;
      this.removeDocuments(
        id,
        analysed.map((d) => d.id),
      );
      let added = 0;
      for (const document of analysed) {
        let length = 0;
        for (const tf of document.frequencies.values()) length += tf;
        for (const [term, tf] of document.frequencies) insertPosting.run(id, term, document.id, tf, length);
        insertDocument.run(id, document.id, length, JSON.stringify(document.metadata));
        added += length;
      }
      this.adjustTotals(id, analysed.length, added);
    })();
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    const update = this.db.prepare(
      'UPDATE documents SET metadata = json_patch(metadata, ?) WHERE collection = ? AND id = ?',
    );
    this.db.transaction(() => {
      const id = this.collectionId(collection);
      if (id === undefined) return;
      for (const patch of patches) update.run(JSON.stringify(patch.metadata), id, patch.id);
    })();
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    this.db.transaction(() => {
      const id = this.collectionId(collection);
      if (id !== undefined) this.removeDocuments(id, ids);
    })();
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    this.db.transaction(() => {
      const id = this.collectionId(collection);
      if (id === undefined) return;
      const condition = filterToSql(filter, 'metadata');
      const ids = this.db
        .prepare(`SELECT id FROM documents WHERE collection = ? AND ${condition.sql}`)
        .pluck()
        .all(id, ...condition.params) as string[];
      this.removeDocuments(id, ids);
    })();
  }

  async search(collection: string, text: string, limit: number, filter?: Filter): Promise<LexicalHit[]> {
    const terms = [...new Set(analyzeText(text))];
    if (terms.length === 0) return [];
    // One read transaction: statistics and postings from the same snapshot.
    return this.db.transaction(() => {
      const stats = this.db
        .prepare('SELECT id, document_count AS total, total_length AS length FROM collections WHERE name = ?')
        .get(collection) as { id: number; total: number; length: number } | undefined;
      if (!stats || stats.total === 0) return [];
      const frequencies = this.documentFrequencies(stats.id, terms);
      const weighted = [...frequencies].map(([term, df]) => [term, bm25Idf(df, stats.total)] as const);
      if (weighted.length === 0) return [];
      // Documents are joined only for a filter: scoring needs nothing but the postings.
      const condition = filter ? filterToSql(filter, 'd.metadata') : undefined;
      const filterJoin = condition
        ? `JOIN documents d ON d.collection = p.collection AND d.id = p.id WHERE ${condition.sql}`
        : '';
      const values = weighted.map(() => '(?, ?)').join(', ');
      const rows = this.db
        .prepare(
          `WITH query (term, idf) AS (VALUES ${values})
           SELECT p.id AS id,
                  SUM(query.idf * p.tf * (@k1 + 1) / (p.tf + @k1 * (1 - @b + @b * p.length / @averageLength))) AS score
           FROM query
           -- CROSS JOIN keeps the query terms as the outer loop, so postings are read by term.
           CROSS JOIN postings p ON p.collection = @collection AND p.term = query.term
           ${filterJoin}
           GROUP BY p.id
           ORDER BY score DESC, p.id
           LIMIT @limit`,
        )
        .all(...weighted.flat(), ...(condition?.params ?? []), {
          k1: BM25.k1,
          b: BM25.b,
          averageLength: stats.length / stats.total,
          collection: stats.id,
          limit,
        }) as LexicalHit[];
      return rows;
    })();
  }

  async indexedIds(collection: string, ids: string[]): Promise<Set<string>> {
    const id = this.collectionId(collection);
    const found = new Set<string>();
    if (id === undefined) return found;
    for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
      const chunk = ids.slice(i, i + IDS_PER_STATEMENT);
      const rows = this.db
        .prepare(
          `SELECT id FROM documents WHERE collection = ? AND id IN (${chunk.map(() => '?').join(', ')})`,
        )
        .pluck()
        .all(id, ...chunk) as string[];
      for (const row of rows) found.add(row);
    }
    return found;
  }

  async idsAfter(collection: string, afterId: string | undefined, limit: number): Promise<string[]> {
    const id = this.collectionId(collection);
    if (id === undefined) return [];
    return this.db
      .prepare('SELECT id FROM documents WHERE collection = ? AND id > ? ORDER BY id LIMIT ?')
      .pluck()
      .all(id, afterId ?? '', limit) as string[];
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private collectionId(collection: string): number | undefined {
    return this.db.prepare('SELECT id FROM collections WHERE name = ?').pluck().get(collection) as
      number | undefined;
  }

  private documentFrequencies(collection: number, terms: string[]): Map<string, number> {
    const rows = this.db
      .prepare(
        `SELECT term, COUNT(*) AS df FROM postings
         WHERE collection = ? AND term IN (${terms.map(() => '?').join(', ')}) GROUP BY term`,
      )
      .all(collection, ...terms) as { term: string; df: number }[];
    return new Map(rows.map((r) => [r.term, r.df]));
  }

  /** Removes documents and their postings and updates the totals; call inside a transaction. */
  private removeDocuments(collection: number, ids: string[]): void {
    const lengthOf = this.db.prepare('SELECT length FROM documents WHERE collection = ? AND id = ?').pluck();
    const deletePostings = this.db.prepare('DELETE FROM postings WHERE collection = ? AND id = ?');
    const deleteDocument = this.db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?');
    let count = 0;
    let length = 0;
    for (const id of ids) {
      const existing = lengthOf.get(collection, id) as number | undefined;
      if (existing === undefined) continue;
      deletePostings.run(collection, id);
      deleteDocument.run(collection, id);
      count++;
      length += existing;
    }
    if (count > 0) this.adjustTotals(collection, -count, -length);
  }

  private adjustTotals(collection: number, documents: number, length: number): void {
    this.db
      .prepare(
        'UPDATE collections SET document_count = document_count + ?, total_length = total_length + ? WHERE id = ?',
      )
      .run(documents, length, collection);
  }
}
