/**
 * The tables of a BM25 index in a SQLite database, shared by the lexical index kept beside Chroma and
 * by the in-process store: per collection, postings (term → documents with term frequency), document
 * lengths and the metadata that filters run on, and running totals for BM25's corpus statistics. Terms
 * come from the shared analyser (`analyzeText`), so documents and queries meet on the same terms as on
 * every other backend. How many documents hold each term is kept by triggers on the postings
 * (`term_counts`): counting a common term's postings at every search grew with the collection. Writes
 * run inside the caller's write transaction (so that a store can keep the index in the same transaction
 * as its records); a search is one read transaction.
 */
import { type Filter, type Metadata } from '@kioku/vector-store';
import { type IndexableDocument, type LexicalHit } from '@kioku/vector-store-base';
import { BM25, bm25Idf, bm25TermWeight, termFrequencies, analyzeText } from '@kioku/similarity';
import { statement, writeTransaction, type SqliteDatabase } from './sqlite-driver';
import { filterToSql } from './sqlite-filter.translator';
import { IN_LIST, jsonList } from './json-list';

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
    impact REAL NOT NULL, -- BM25 term weight at a reference length: the order of a truncated read
    PRIMARY KEY (collection, term, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS postings_by_document ON postings (collection, id);
  CREATE INDEX IF NOT EXISTS postings_by_impact ON postings (collection, term, impact DESC);
`;

/**
 * BM25's document frequency of each term, kept by SQLite itself as postings come and go: so every
 * writer keeps it, a kioku from before it included (a trigger is part of the file's schema). A term
 * no document holds any more keeps its row, at 0.
 */
const TERM_COUNTS = `
  CREATE TABLE IF NOT EXISTS term_counts (
    collection INTEGER NOT NULL,
    term TEXT NOT NULL,
    documents INTEGER NOT NULL,
    PRIMARY KEY (collection, term)
  ) WITHOUT ROWID;
  DELETE FROM term_counts;
  INSERT INTO term_counts (collection, term, documents)
    SELECT collection, term, COUNT(*) FROM postings GROUP BY collection, term;
  CREATE TRIGGER postings_counted AFTER INSERT ON postings BEGIN
    INSERT INTO term_counts (collection, term, documents) VALUES (NEW.collection, NEW.term, 1)
      ON CONFLICT (collection, term) DO UPDATE SET documents = documents + 1;
  END;
  CREATE TRIGGER postings_uncounted AFTER DELETE ON postings BEGIN
    UPDATE term_counts SET documents = documents - 1 WHERE collection = OLD.collection AND term = OLD.term;
  END;
`;

/**
 * A term found in more documents than this is read in impact order and cut there (unfiltered searches
 * only): past it, a common term adds little (low IDF) to documents that no rarer term ranks, and reading
 * it whole would make a search grow with the namespace. Namespaces where no term is that common rank
 * exactly as without the cut.
 */
const POSTINGS_READ_PER_TERM = 500;
/** The document length `impact` is computed at (a typical memory; only the order of impacts matters). */
const IMPACT_REFERENCE_LENGTH = 16;
/** One posting's BM25 contribution; `?` is the term's IDF. */
const TERM_SCORE = '? * p.tf * (@k1 + 1) / (p.tf + @k1 * (1 - @b + @b * p.length / @averageLength))';
/** Distinct query terms searched at most: a very long query cannot cost an unbounded search. */
const MAX_QUERY_TERMS = 64;

export class LexicalTables {
  constructor(private readonly db: SqliteDatabase) {
    db.exec(SCHEMA);
    countTermsOnce(db);
  }

  /** Makes the collection indexed; true when it was not indexed before (the caller fills it). */
  open(collection: string): boolean {
    return (
      statement(this.db, 'INSERT OR IGNORE INTO collections (name) VALUES (?)').run(collection).changes > 0
    );
  }

  isIndexed(collection: string): boolean {
    return this.collectionId(collection) !== undefined;
  }

  /** Forgets the collection and all its entries. */
  drop(collection: string): void {
    const id = this.collectionId(collection);
    if (id === undefined) return;
    // The counts first: the postings' trigger then finds no count to lower.
    statement(this.db, 'DELETE FROM term_counts WHERE collection = ?').run(id);
    statement(this.db, 'DELETE FROM postings WHERE collection = ?').run(id);
    statement(this.db, 'DELETE FROM documents WHERE collection = ?').run(id);
    statement(this.db, 'DELETE FROM collections WHERE id = ?').run(id);
  }

  /** Indexes or re-indexes documents (nothing for a collection that is not indexed). */
  upsert(collection: string, documents: IndexableDocument[]): void {
    if (documents.length === 0) return;
    const analysed = documents.map((d) => ({ ...d, frequencies: termFrequencies(d.document) }));
    const insertDocument = statement(
      this.db,
      'INSERT INTO documents (collection, id, length, metadata) VALUES (?, ?, ?, ?)',
    );
    const insertPosting = statement(
      this.db,
      'INSERT INTO postings (collection, term, id, tf, length, impact) VALUES (?, ?, ?, ?, ?, ?)',
    );
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
      for (const [term, tf] of document.frequencies) {
        insertPosting.run(
          id,
          term,
          document.id,
          tf,
          length,
          bm25TermWeight(tf, length, IMPACT_REFERENCE_LENGTH),
        );
      }
      insertDocument.run(id, document.id, length, JSON.stringify(document.metadata));
      added += length;
    }
    this.adjustTotals(id, analysed.length, added);
  }

  /** Merges metadata keys into indexed entries (filters read them). */
  patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): void {
    const id = this.collectionId(collection);
    if (id === undefined) return;
    const update = statement(
      this.db,
      'UPDATE documents SET metadata = json_patch(metadata, ?) WHERE collection = ? AND id = ?',
    );
    for (const patch of patches) update.run(JSON.stringify(patch.metadata), id, patch.id);
  }

  /** Replaces indexed entries' metadata with the records' whole metadata (the store's patches). */
  replaceMetadata(collection: string, entries: { id: string; metadata: Metadata }[]): void {
    const id = this.collectionId(collection);
    if (id === undefined) return;
    const update = statement(this.db, 'UPDATE documents SET metadata = ? WHERE collection = ? AND id = ?');
    for (const entry of entries) update.run(JSON.stringify(entry.metadata), id, entry.id);
  }

  delete(collection: string, ids: string[]): void {
    const id = this.collectionId(collection);
    if (id !== undefined && ids.length > 0) this.removeDocuments(id, ids);
  }

  deleteWhere(collection: string, filter: Filter): void {
    const id = this.collectionId(collection);
    if (id === undefined) return;
    const condition = filterToSql(filter, 'metadata');
    const ids = statement(this.db, `SELECT id FROM documents WHERE collection = ? AND ${condition.sql}`)
      .pluck()
      .all(id, ...condition.params) as string[];
    this.removeDocuments(id, ids);
  }

  /** BM25 over the whole collection, the filter applied inside the index, best first. */
  search(collection: string, text: string, limit: number, filter?: Filter): LexicalHit[] {
    const terms = [...new Set(analyzeText(text))].slice(0, MAX_QUERY_TERMS);
    if (terms.length === 0) return [];
    // One read transaction: statistics and postings from the same snapshot.
    return this.db.transaction(() => {
      const stats = statement(
        this.db,
        'SELECT id, document_count AS total, total_length AS length FROM collections WHERE name = ?',
      ).get(collection) as { id: number; total: number; length: number } | undefined;
      if (!stats || stats.total === 0) return [];
      const frequencies = this.documentFrequencies(stats.id, terms);
      const weighted = [...frequencies].map(([term, df]) => [term, bm25Idf(df, stats.total)] as const);
      if (weighted.length === 0) return [];
      const parameters = {
        k1: BM25.k1,
        b: BM25.b,
        averageLength: stats.length / stats.total,
        collection: stats.id,
        perTerm: POSTINGS_READ_PER_TERM,
        limit,
      };
      const rows = filter
        ? this.scoreFiltered(weighted, filterToSql(filter, 'd.metadata'), parameters)
        : this.scoreAll(weighted, frequencies, parameters);
      return rows;
    })();
  }

  /**
   * BM25 without a filter: each term's postings scored on their own, a common term's cut in impact
   * order, then summed per document.
   */
  private scoreAll(
    weighted: (readonly [string, number])[],
    frequencies: Map<string, number>,
    parameters: Record<string, number>,
  ): LexicalHit[] {
    const parts = weighted.map(([term]) =>
      (frequencies.get(term) ?? 0) > POSTINGS_READ_PER_TERM
        ? `SELECT * FROM (SELECT p.id AS id, ${TERM_SCORE} AS score FROM postings p INDEXED BY postings_by_impact
             WHERE p.collection = @collection AND p.term = ? ORDER BY p.impact DESC LIMIT @perTerm)`
        : `SELECT p.id AS id, ${TERM_SCORE} AS score FROM postings p WHERE p.collection = @collection AND p.term = ?`,
    );
    return statement(
      this.db,
      `SELECT s.id AS id, SUM(s.score) AS score FROM (${parts.join(' UNION ALL ')}) s
         GROUP BY s.id ORDER BY score DESC, s.id LIMIT @limit`,
    ).all(...weighted.flatMap(([term, idf]) => [idf, term]), parameters) as LexicalHit[];
  }

  /** BM25 with a filter on the documents' metadata: every posting of every term is read. */
  private scoreFiltered(
    weighted: (readonly [string, number])[],
    condition: { sql: string; params: (string | number)[] },
    parameters: Record<string, number>,
  ): LexicalHit[] {
    return statement(
      this.db,
      `WITH query (idf, term) AS (VALUES ${weighted.map(() => '(?, ?)').join(', ')})
         SELECT p.id AS id, SUM(${TERM_SCORE.replace('?', 'query.idf')}) AS score
         FROM query
         -- CROSS JOIN keeps the query terms as the outer loop, so postings are read by term.
         CROSS JOIN postings p ON p.collection = @collection AND p.term = query.term
         JOIN documents d ON d.collection = p.collection AND d.id = p.id
         WHERE ${condition.sql}
         GROUP BY p.id ORDER BY score DESC, p.id LIMIT @limit`,
    ).all(...weighted.flatMap(([term, idf]) => [idf, term]), ...condition.params, parameters) as LexicalHit[];
  }

  /** The metadata the filters of the indexed ones among `ids` read. */
  indexedMetadata(collection: string, ids: string[]): Map<string, Metadata> {
    const id = this.collectionId(collection);
    if (id === undefined) return new Map();
    const rows = statement(
      this.db,
      `SELECT id, metadata FROM documents WHERE collection = ? AND id IN ${IN_LIST}`,
    ).all(id, jsonList(ids)) as { id: string; metadata: string }[];
    return new Map(rows.map((row) => [row.id, JSON.parse(row.metadata) as Metadata]));
  }

  /** Indexed ids in ascending order after `afterId` (paging for repairs). */
  idsAfter(collection: string, afterId: string | undefined, limit: number): string[] {
    const id = this.collectionId(collection);
    if (id === undefined) return [];
    return statement(this.db, 'SELECT id FROM documents WHERE collection = ? AND id > ? ORDER BY id LIMIT ?')
      .pluck()
      .all(id, afterId ?? '', limit) as string[];
  }

  collectionId(collection: string): number | undefined {
    return statement(this.db, 'SELECT id FROM collections WHERE name = ?').pluck().get(collection) as
      number | undefined;
  }

  private documentFrequencies(collection: number, terms: string[]): Map<string, number> {
    const rows = statement(
      this.db,
      `SELECT term, documents AS df FROM term_counts
         WHERE collection = ? AND term IN ${IN_LIST} AND documents > 0`,
    ).all(collection, jsonList(terms)) as { term: string; df: number }[];
    return new Map(rows.map((r) => [r.term, r.df]));
  }

  /** Removes documents and their postings and updates the totals; call inside a transaction. */
  private removeDocuments(collection: number, ids: string[]): void {
    const lengthOf = statement(
      this.db,
      'SELECT length FROM documents WHERE collection = ? AND id = ?',
    ).pluck();
    const deletePostings = statement(this.db, 'DELETE FROM postings WHERE collection = ? AND id = ?');
    const deleteDocument = statement(this.db, 'DELETE FROM documents WHERE collection = ? AND id = ?');
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
    statement(
      this.db,
      'UPDATE collections SET document_count = document_count + ?, total_length = total_length + ? WHERE id = ?',
    ).run(documents, length, collection);
  }
}

/**
 * Counts every term of an index made before the counts were kept, and sets the triggers that keep them,
 * in one write transaction (another process may be doing the same: checked again under the write lock).
 */
function countTermsOnce(db: SqliteDatabase): void {
  const counting = () =>
    statement(
      db,
      "SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = 'postings_uncounted'",
    ).get() !== undefined;
  if (counting()) return;
  writeTransaction(db, () => {
    if (!counting()) db.exec(TERM_COUNTS);
  });
}
