/**
 * The `sqlite` VectorStore (the embedded default): every collection in one SQLite file under the data
 * dir, searched in this process. No server, no listening socket, nothing to download.
 *
 * - A write is one transaction: the records, their vectors, their key entries, their BM25 postings and
 *   the vector log change together or not at all (a crash, `kill -9` included, leaves the last
 *   committed state). Several processes on one data dir take turns to write (SQLite's lock, waited for
 *   up to 10 s) and each reads a committed snapshot.
 * - `query` searches the vectors this process holds in memory (`VectorSearch`), up to date with every
 *   process's writes at the moment it starts, and reads the records it returns from the file. A large
 *   collection's graph is saved beside the file (`<file>-neighbours/`), so that other processes load it.
 * - `indexedKeys` are looked up by value (`record_keys`); `readCopies` needs nothing: records are read
 *   from the file as they are stored.
 */
import {
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type FindRequest,
  type LexicalIndexReport,
  type Metadata,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
  type TextMatch,
  type TextSearchRequest,
  type VectorRecord,
  type VectorStore,
} from '@kioku/vector-store';
import {
  assertCollectionName,
  assertDimension,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertSameId,
  assertVector,
  decodeCursor,
  encodeCursor,
  sameMetadata,
} from '@kioku/vector-store-base';
import { LexicalTables } from '../sqlite/lexical-tables';
import { writeTransaction, type SqliteDatabase } from '../sqlite/sqlite-driver';
import { CollectionCatalog, infoOf, type CollectionRow } from './collection-catalog';
import { RecordTables } from './record-tables';
import { NeighbourIndexFiles } from './neighbour-index-files';
import { mappingSqliteErrors } from './sqlite-failure';
import { openStoreDatabase } from './store-schema';
import { VectorChanges } from './vector-changes';
import { VectorSearch } from './vector-search';

/** Records read per page while rebuilding an index. */
const REINDEX_PAGE = 500;

/** Vectors from which a collection is searched through a graph: below it the exact scan takes under 2 ms. */
const INDEX_FROM = 20_000;

export interface SqliteVectorStoreOptions {
  /** Vector changes the log keeps for other processes to catch up on (tests make it small). */
  retainedVectorChanges?: number;
  /** Vectors from which a collection is searched through a graph (tests make it small). */
  indexFrom?: number;
}

export class SqliteVectorStore implements VectorStore {
  readonly backend = 'sqlite';

  private readonly db: SqliteDatabase;
  private readonly catalog: CollectionCatalog;
  private readonly records: RecordTables;
  private readonly lexical: LexicalTables;
  private readonly changes: VectorChanges;
  private readonly search: VectorSearch;
  /** Collections being read ahead by `prepare`. */
  private readonly preloads = new Map<string, Promise<void>>();

  /** Opens (creating it if needed) the store's file, e.g. `<dataDir>/store.sqlite`. */
  constructor(file: string, options: SqliteVectorStoreOptions = {}) {
    this.db = mappingSqliteErrors(() => openStoreDatabase(file));
    this.catalog = new CollectionCatalog(this.db);
    this.records = new RecordTables(this.db);
    this.lexical = new LexicalTables(this.db);
    this.changes = new VectorChanges(this.db, options.retainedVectorChanges);
    this.search = new VectorSearch(
      this.db,
      this.records,
      this.changes,
      new NeighbourIndexFiles(`${file}-neighbours`),
      options.indexFrom ?? INDEX_FROM,
    );
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.search.close();
    this.db.close();
  }

  async ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    assertCollectionName(name);
    assertDimension(spec.dimension);
    if (spec.metadata) assertMetadata(spec.metadata);
    const keys = [...new Set(spec.indexedKeys ?? [])].sort();
    const settled = (row: CollectionRow | undefined): row is CollectionRow =>
      row !== undefined &&
      (!spec.lexical || this.lexical.isIndexed(name)) &&
      (keys.length === 0 || sameKeys(row.indexedKeys, keys));
    return mappingSqliteErrors(() => {
      // Read first: opening an existing collection takes no write lock.
      const found = this.catalog.find(name);
      if (settled(found)) return infoOf(found);
      let row!: CollectionRow;
      this.write(() => {
        row = this.catalog.find(name) ?? this.catalog.create(name, spec.dimension, spec.metadata ?? {}, keys);
        if (spec.lexical && this.lexical.open(name)) this.indexAll(row);
        if (keys.length > 0 && !sameKeys(row.indexedKeys, keys)) {
          this.catalog.setIndexedKeys(row.id, keys);
          this.records.rekey({ ...row, indexedKeys: keys });
        }
      });
      return infoOf(row);
    }, name);
  }

  async listCollections(): Promise<string[]> {
    return mappingSqliteErrors(() => this.catalog.names());
  }

  async describeCollection(name: string): Promise<CollectionInfo | null> {
    return mappingSqliteErrors(() => {
      const row = this.catalog.find(name);
      return row ? infoOf(row) : null;
    }, name);
  }

  async updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    assertMetadata(metadata);
    mappingSqliteErrors(() => this.write(() => this.catalog.mergeMetadata(name, metadata)), name);
  }

  async deleteCollection(name: string): Promise<void> {
    mappingSqliteErrors(() =>
      this.write(() => {
        const row = this.catalog.find(name);
        if (!row) return;
        this.records.removeCollection(row.id);
        this.lexical.drop(name);
        this.catalog.remove(row.id);
        this.search.forget(row.id);
      }),
    );
  }

  async upsert(collection: string, records: VectorRecord[]): Promise<void> {
    if (records.length === 0) return;
    mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      const latest = this.validated(row, records);
      this.write(() => this.writeRecords(row, latest));
    }, collection);
  }

  async insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    if (records.length === 0) return;
    mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      const first = [...this.validated(row, [...records].reverse())].reverse();
      this.write(() => {
        const stored = new Set(
          this.records.existing(
            row.id,
            first.map((r) => r.id),
          ),
        );
        this.writeRecords(
          row,
          first.filter((r) => !stored.has(r.id)),
        );
      });
    }, collection);
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    for (const patch of patches) assertMetadata(patch.metadata);
    if (patches.length === 0) return;
    mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      this.write(() => this.lexical.replaceMetadata(row.name, this.records.patch(row, patches)));
    }, collection);
  }

  async rewrite(
    collection: string,
    ids: string[],
    change: (record: StoredRecord) => VectorRecord | null,
  ): Promise<string[]> {
    return mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      // Read and written in one transaction: no other process's write lands in between.
      return this.write(() => {
        const found = this.records.read(row.id, [...new Set(ids)], true);
        const changed = [...found.values()].flatMap((record) => {
          const next = change(record);
          return next ? [assertSameId(record.id, next)] : [];
        });
        this.writeRecords(row, this.validated(row, changed));
        return changed.map((r) => r.id);
      });
    }, collection);
  }

  async get(
    collection: string,
    ids: string[],
    options: { includeVectors?: boolean } = {},
  ): Promise<StoredRecord[]> {
    return mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      const found = this.records.read(row.id, ids, options.includeVectors === true);
      return ids.flatMap((id) => found.get(id) ?? []);
    }, collection);
  }

  async existingIds(collection: string, ids: string[]): Promise<string[]> {
    return mappingSqliteErrors(
      () => this.records.existing(this.catalog.require(collection).id, ids),
      collection,
    );
  }

  async find(collection: string, request: FindRequest): Promise<Page> {
    assertLimit(request.limit);
    const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor, isRecordId);
    return mappingSqliteErrors(() => {
      const rows = this.records.page(this.catalog.require(collection), {
        filter: request.filter,
        text: request.text,
        after,
        limit: request.limit + 1,
        withVectors: request.includeVectors === true,
      });
      if (rows.length <= request.limit) return { records: rows };
      const records = rows.slice(0, request.limit);
      return { records, nextCursor: encodeCursor(records[records.length - 1].id) };
    }, collection);
  }

  async candidateIds(collection: string, filter: Filter): Promise<string[]> {
    return mappingSqliteErrors(
      () => this.records.candidateIds(this.catalog.require(collection), filter),
      collection,
    );
  }

  /**
   * Reads the collection's vectors into memory ahead of its first search (`VectorSearch.preload`); a
   * search that comes meanwhile waits for the rest instead of reading them all again.
   */
  async prepare(collection: string): Promise<void> {
    const row = mappingSqliteErrors(() => this.catalog.find(collection), collection);
    if (!row) return;
    let preload = this.preloads.get(collection);
    if (!preload) {
      preload = this.search.preload(row).finally(() => this.preloads.delete(collection));
      this.preloads.set(collection, preload);
    }
    try {
      await preload;
    } catch (error) {
      mappingSqliteErrors(() => {
        throw error;
      }, collection);
    }
  }

  /**
   * Resolves once the collection is searched at its steady pace: its vectors read and, on a large
   * collection, its graph loaded or filled (seconds, the first time). Searches do not wait for it.
   */
  async settle(collection: string): Promise<void> {
    await this.prepare(collection);
    const row = mappingSqliteErrors(() => this.catalog.find(collection), collection);
    if (row) await this.search.settle(row);
  }

  async query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    assertLimit(request.limit);
    // Only while a prepare reads the collection (its failure is prepare's to report): no extra turn otherwise.
    const preloading = this.preloads.get(collection);
    if (preloading) await preloading.catch(() => undefined);
    return mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      assertVector(collection, row.dimension, request.vector);
      const { filter, text } = request;
      const kept =
        filter || text
          ? {
              keep: (ids: readonly string[]) => new Set(this.records.matchingIds(row, filter, text, ids)),
              all: () => new Set(this.records.matchingIds(row, filter, text)),
            }
          : undefined;
      const nearest = this.search.nearest(row, request.vector, request.limit, kept);
      const found = this.records.read(
        row.id,
        nearest.map((n) => n.id),
        request.includeVectors === true,
      );
      return nearest.flatMap(({ id, distance }) => {
        const record = found.get(id);
        return record ? [{ ...record, distance }] : [];
      });
    }, collection);
  }

  async queryMany(collection: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    const answers: QueryMatch[][] = [];
    for (const request of requests) answers.push(await this.query(collection, request));
    return answers;
  }

  async searchText(collection: string, request: TextSearchRequest): Promise<TextMatch[]> {
    assertLimit(request.limit);
    return mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      const hits = this.lexical.search(row.name, request.text, request.limit, request.filter);
      const found = this.records.read(
        row.id,
        hits.map((h) => h.id),
        request.includeVectors === true,
      );
      return hits.flatMap(({ id, score }) => {
        const record = found.get(id);
        return record ? [{ ...record, score }] : [];
      });
    }, collection);
  }

  /**
   * Writes keep the lexical index and the key entries in the records' transaction, so neither drifts;
   * this rebuilds or checks them all the same (a store written by hand, a bug), a page at a time.
   */
  async reindexText(
    collection: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport> {
    return mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      if (row.indexedKeys.length > 0) this.write(() => this.records.rekey(row));
      if (!this.lexical.isIndexed(row.name)) return { indexed: 0, removed: 0 };
      let indexed = 0;
      let seen = 0;
      let after: string | undefined;
      for (;;) {
        // Read and written in one transaction, so no write landing in between is undone.
        const page = this.write(() => {
          const records = this.records.page(row, { after, limit: REINDEX_PAGE, withVectors: false });
          const entries =
            options.mode === 'rebuild'
              ? new Map<string, Metadata>()
              : this.lexical.indexedMetadata(
                  row.name,
                  records.map((r) => r.id),
                );
          const stale = records.filter((r) => !sameMetadata(entries.get(r.id), r.metadata));
          this.lexical.upsert(row.name, stale);
          indexed += stale.length;
          return records;
        });
        if (page.length === 0) break;
        seen += page.length;
        options.onProgress?.(seen);
        after = page[page.length - 1].id;
      }
      return { indexed, removed: this.removeLexicalOrphans(row) };
    }, collection);
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return mappingSqliteErrors(
      () => this.records.count(this.catalog.require(collection), filter),
      collection,
    );
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      this.write(() => this.removeRecords(row, this.records.existing(row.id, ids)));
    }, collection);
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    mappingSqliteErrors(() => {
      const row = this.catalog.require(collection);
      this.write(() => this.removeRecords(row, this.records.matchingIds(row, filter)));
    }, collection);
  }

  private write<T>(work: () => T): T {
    return writeTransaction(this.db, work);
  }

  /** Checks every record before any is written; of several with one id, the last is kept. */
  private validated(row: CollectionRow, records: VectorRecord[]): VectorRecord[] {
    for (const record of records) {
      assertRecordShape(record);
      assertVector(row.name, row.dimension, record.vector);
    }
    return [...new Map(records.map((r) => [r.id, r])).values()];
  }

  private writeRecords(row: CollectionRow, records: VectorRecord[]): void {
    if (records.length === 0) return;
    this.records.write(row, records);
    this.lexical.upsert(row.name, records);
    this.changes.append(
      row.id,
      records.map((r) => r.id),
    );
  }

  private removeRecords(row: CollectionRow, ids: string[]): void {
    if (ids.length === 0) return;
    this.records.remove(row.id, ids);
    this.lexical.delete(row.name, ids);
    this.changes.append(row.id, ids);
  }

  /** Indexes the collection's stored records (a lexical index asked for after they were written). */
  private indexAll(row: CollectionRow): void {
    let after: string | undefined;
    for (;;) {
      const page = this.records.page(row, { after, limit: REINDEX_PAGE, withVectors: false });
      if (page.length === 0) return;
      this.lexical.upsert(row.name, page);
      after = page[page.length - 1].id;
    }
  }

  private removeLexicalOrphans(row: CollectionRow): number {
    let removed = 0;
    let after: string | undefined;
    for (;;) {
      const ids = this.lexical.idsAfter(row.name, after, REINDEX_PAGE);
      if (ids.length === 0) return removed;
      const existing = new Set(this.records.existing(row.id, ids));
      const orphans = ids.filter((id) => !existing.has(id));
      if (orphans.length > 0) this.write(() => this.lexical.delete(row.name, orphans));
      removed += orphans.length;
      after = ids[ids.length - 1];
    }
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/** This store pages by record id. */
function isRecordId(value: unknown): value is string {
  return typeof value === 'string';
}
