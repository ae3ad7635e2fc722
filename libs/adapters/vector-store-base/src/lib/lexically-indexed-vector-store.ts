/**
 * A vector store whose backend has no full-text index, joined with a `LexicalIndex` kept beside it.
 * Every write reaches the store first and the index second: a crash in between leaves a record the
 * index lacks (or an entry whose record is gone), which `reindexText('repair')` — run by the
 * integrity job — finds and fixes. Search hits whose record is gone are never returned.
 */
import {
  CollectionNotFoundError,
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
  type UpsertOptions,
  type VectorRecord,
  type VectorStore,
} from '@kioku/vector-store';
import { assertLimit } from './record-validation';
import type { LexicalIndex } from './lexical-index.port';

/** A store without `searchText` / `reindexText` of its own. */
export type RecordStore = Omit<VectorStore, 'searchText' | 'reindexText'>;

const REINDEX_PAGE = 500;

export class LexicallyIndexedVectorStore implements VectorStore {
  constructor(
    private readonly records: RecordStore,
    private readonly index: LexicalIndex,
  ) {}

  get backend(): string {
    return this.records.backend;
  }

  /** Releases the index (the records' backend is released by its owner). */
  close(): Promise<void> {
    return this.index.close();
  }

  async ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    const info = await this.records.ensureCollection(name, spec);
    if (spec.lexical && (await this.index.open(name)) && (await this.records.count(name)) > 0) {
      await this.reindexText(name, { mode: 'rebuild' });
    }
    return info;
  }

  listCollections(): Promise<string[]> {
    return this.records.listCollections();
  }

  describeCollection(name: string): Promise<CollectionInfo | null> {
    return this.records.describeCollection(name);
  }

  updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    return this.records.updateCollectionMetadata(name, metadata);
  }

  async deleteCollection(name: string): Promise<void> {
    await this.records.deleteCollection(name);
    await this.index.drop(name);
  }

  async upsert(collection: string, records: VectorRecord[], options?: UpsertOptions): Promise<void> {
    await this.records.upsert(collection, records, options);
    await this.index.upsert(collection, records);
  }

  /** Indexes the versions that are stored after the insert, whether this call's or an earlier one's. */
  async insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    await this.records.insertNew(collection, records);
    const stored = await this.records.get(
      collection,
      records.map((record) => record.id),
    );
    await this.index.upsert(collection, stored);
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    await this.records.patchMetadata(collection, patches);
    await this.index.patchMetadata(collection, patches);
  }

  get(collection: string, ids: string[], options?: { includeVectors?: boolean }): Promise<StoredRecord[]> {
    return this.records.get(collection, ids, options);
  }

  existingIds(collection: string, ids: string[]): Promise<string[]> {
    return this.records.existingIds(collection, ids);
  }

  find(collection: string, request: FindRequest): Promise<Page> {
    return this.records.find(collection, request);
  }

  query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    return this.records.query(collection, request);
  }

  queryMany(collection: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    return this.records.queryMany(collection, requests);
  }

  count(collection: string, filter?: Filter): Promise<number> {
    return this.records.count(collection, filter);
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    await this.records.delete(collection, ids);
    await this.index.delete(collection, ids);
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    await this.records.deleteWhere(collection, filter);
    await this.index.deleteWhere(collection, filter);
  }

  async searchText(collection: string, request: TextSearchRequest): Promise<TextMatch[]> {
    assertLimit(request.limit);
    const hits = await this.index.search(collection, request.text, request.limit, request.filter);
    if (hits.length === 0) {
      // A missing collection fails as every other read does.
      if (!(await this.records.describeCollection(collection))) throw new CollectionNotFoundError(collection);
      return [];
    }
    const found = await this.records.get(
      collection,
      hits.map((h) => h.id),
      { includeVectors: request.includeVectors },
    );
    const byId = new Map(found.map((r) => [r.id, r]));
    return hits.flatMap((hit) => {
      const record = byId.get(hit.id);
      return record ? [{ ...record, score: hit.score }] : [];
    });
  }

  async reindexText(
    collection: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport> {
    if (!(await this.index.isIndexed(collection))) return { indexed: 0, removed: 0 };
    let indexed = 0;
    let seen = 0;
    let cursor: string | undefined;
    do {
      const page = await this.records.find(collection, { limit: REINDEX_PAGE, cursor });
      const present =
        options.mode === 'rebuild'
          ? new Set<string>()
          : await this.index.indexedIds(
              collection,
              page.records.map((r) => r.id),
            );
      const stale = page.records.filter((r) => !present.has(r.id));
      await this.index.upsert(collection, stale);
      indexed += stale.length;
      seen += page.records.length;
      options.onProgress?.(seen);
      cursor = page.nextCursor;
    } while (cursor);
    return { indexed, removed: await this.removeOrphans(collection) };
  }

  /** Drops index entries whose record no longer exists. */
  private async removeOrphans(collection: string): Promise<number> {
    let removed = 0;
    let after: string | undefined;
    for (;;) {
      const ids = await this.index.idsAfter(collection, after, REINDEX_PAGE);
      if (ids.length === 0) return removed;
      const existing = new Set((await this.records.get(collection, ids)).map((r) => r.id));
      const orphans = ids.filter((id) => !existing.has(id));
      await this.index.delete(collection, orphans);
      removed += orphans.length;
      after = ids[ids.length - 1];
    }
  }
}
