/**
 * A vector store whose backend has no full-text index and scans metadata to filter, joined with the
 * indexes kept beside it:
 * - a `LexicalIndex` for `searchText`. Every write reaches the store first and the index second: a
 *   crash in between leaves a record the index lacks (or an entry whose record is gone), which
 *   `reindexText('repair')` — run by the integrity job — finds and fixes. Search hits whose record is
 *   gone are never returned.
 * - a `KeyIndex` of a collection's `indexedKeys` (or of none, for `readCopies`), when given: `find`
 *   reads the ids and the records' copies there (`key-indexed-find.ts`), and `get`, `query` and
 *   `searchText` read the copies of the records they return. Its ids are kept a
 *   superset of the store (entries added before a write, removed after a delete), so it never hides a
 *   record; a copy is written after the store's write and dropped before its delete, so it never shows
 *   a deleted one, and a record without a copy is read from the store.
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
import type { RecordStore } from './record-store';
import { assertLimit } from './record-validation';
import type { KeyIndex } from './key-index.port';
import { findByKeys, readRecords } from './key-indexed-find';
import { idsOf, keyLookupFor, type KeyLookup } from './key-lookup';
import type { LexicalIndex } from './lexical-index.port';

const REINDEX_PAGE = 500;

interface IndexLookup {
  index: KeyIndex;
  plan: KeyLookup;
}

export class SideIndexedVectorStore implements VectorStore {
  constructor(
    private readonly records: RecordStore,
    private readonly index: LexicalIndex,
    private readonly keys?: KeyIndex,
  ) {}

  get backend(): string {
    return this.records.backend;
  }

  /** Releases the indexes (the records' backend is released by its owner). */
  async close(): Promise<void> {
    await this.index.close();
    await this.keys?.close();
  }

  async ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    const info = await this.records.ensureCollection(name, spec);
    if (spec.lexical && (await this.index.open(name)) && (await this.records.count(name)) > 0) {
      await this.reindexText(name, { mode: 'rebuild' });
    }
    // A collection with read copies and no keys is kept like a keyed one, with an empty key list.
    const keys = spec.indexedKeys?.length ? spec.indexedKeys : spec.readCopies ? [] : undefined;
    if (this.keys && keys && (await this.keys.open(name, keys))) await this.fillKeyIndex(name, this.keys);
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
    await this.keys?.drop(name);
  }

  async upsert(collection: string, records: VectorRecord[], options?: UpsertOptions): Promise<void> {
    await this.keys?.add(collection, records);
    await this.records.upsert(collection, records, options);
    await this.index.upsert(collection, records);
    await this.keys?.settle(collection, records);
  }

  /** Indexes the versions that are stored after the insert, whether this call's or an earlier one's. */
  async insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    await this.keys?.add(collection, records);
    await this.records.insertNew(collection, records);
    const stored = await this.records.get(
      collection,
      records.map((record) => record.id),
      { includeVectors: true },
    );
    await this.index.upsert(collection, stored);
    await this.keys?.settle(collection, stored);
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    await this.keys?.add(collection, patches);
    await this.records.patchMetadata(collection, patches);
    await this.index.patchMetadata(collection, patches);
    await this.keys?.patch(collection, patches);
  }

  /** The records the key index holds copies of are read there, the others from the store. */
  async get(
    collection: string,
    ids: string[],
    options?: { includeVectors?: boolean },
  ): Promise<StoredRecord[]> {
    if (!this.keys || ids.length === 0) return this.records.get(collection, ids, options);
    const unique = [...new Set(ids)];
    const byId = await readRecords(this.records, this.keys, collection, unique, !!options?.includeVectors);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  existingIds(collection: string, ids: string[]): Promise<string[]> {
    return this.records.existingIds(collection, ids);
  }

  async find(collection: string, request: FindRequest): Promise<Page> {
    const lookup = await this.keyLookup(collection, request.filter);
    if (!lookup || request.text) return this.records.find(collection, request);
    const candidates = await idsOf(lookup.index, collection, lookup.plan);
    return findByKeys(this.records, lookup.index, collection, candidates, request);
  }

  async candidateIds(collection: string, filter: Filter): Promise<string[]> {
    return this.idsFor(collection, filter, await this.keyLookup(collection, filter));
  }

  /**
   * On a collection with copies, the store finds the nearest ids and their records are read from the
   * copies (a match deleted in between is left out).
   */
  async query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    const keys = this.keys;
    if (!keys || !(await keys.completeKeys(collection))) return this.records.query(collection, request);
    const nearest = await this.records.nearestIds(collection, request);
    const ids = nearest.map((n) => n.id);
    const byId = await readRecords(this.records, keys, collection, ids, !!request.includeVectors);
    return nearest.flatMap(({ id, distance }) => {
      const record = byId.get(id);
      return record ? [{ ...record, distance }] : [];
    });
  }

  queryMany(collection: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    return this.records.queryMany(collection, requests);
  }

  count(collection: string, filter?: Filter): Promise<number> {
    return this.records.count(collection, filter);
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    await this.keys?.unsettle(collection, ids);
    await this.records.delete(collection, ids);
    await this.index.delete(collection, ids);
    await this.keys?.remove(collection, ids);
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    const keys = this.keys;
    const candidates = keys ? await this.deletionCandidates(collection, filter, keys) : [];
    await keys?.unsettle(collection, candidates);
    await this.records.deleteWhere(collection, filter);
    await this.index.deleteWhere(collection, filter);
    if (keys && candidates.length > 0) {
      // The candidates the filter did not delete get their copies back.
      const left = await this.records.get(collection, candidates, { includeVectors: true });
      const kept = new Set(left.map((r) => r.id));
      await keys.remove(
        collection,
        candidates.filter((id) => !kept.has(id)),
      );
      await keys.fill(collection, left);
    }
  }

  async searchText(collection: string, request: TextSearchRequest): Promise<TextMatch[]> {
    assertLimit(request.limit);
    const hits = await this.index.search(collection, request.text, request.limit, request.filter);
    if (hits.length === 0) {
      // A missing collection fails as every other read does.
      if (!(await this.records.describeCollection(collection))) throw new CollectionNotFoundError(collection);
      return [];
    }
    const found = await this.get(
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

  /** Repairs or rebuilds the lexical index, and repairs the key index, of the collection. */
  async reindexText(
    collection: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport> {
    const keys = this.keys && (await this.keys.completeKeys(collection)) ? this.keys : undefined;
    const keyed = keys ? await this.repairKeyIndex(collection, keys) : { indexed: 0, removed: 0 };
    if (!(await this.index.isIndexed(collection))) return keyed;
    let indexed = keyed.indexed;
    let seen = 0;
    for await (const page of this.pages(collection, {})) {
      const present =
        options.mode === 'rebuild'
          ? new Set<string>()
          : await this.index.indexedIds(
              collection,
              page.map((r) => r.id),
            );
      const stale = page.filter((r) => !present.has(r.id));
      await this.index.upsert(collection, stale);
      indexed += stale.length;
      seen += page.length;
      options.onProgress?.(seen);
    }
    const removed = keyed.removed + (await this.removeOrphans(collection, this.index));
    return { indexed, removed };
  }

  /** The key-index lookup that answers `filter` on this collection, when its index is complete. */
  private async keyLookup(collection: string, filter: Filter | undefined): Promise<IndexLookup | undefined> {
    const index = this.keys;
    if (!index || !filter) return undefined;
    const keys = await index.completeKeys(collection);
    const plan = keys && keyLookupFor(filter, new Set(keys));
    return plan ? { index, plan } : undefined;
  }

  /**
   * The records `filter` may delete, whose copies go before the store's delete: the key entries answer
   * a filter on indexed keys; any other filter on a collection with copies is looked up in the store.
   */
  private async deletionCandidates(collection: string, filter: Filter, keys: KeyIndex): Promise<string[]> {
    const lookup = await this.keyLookup(collection, filter);
    if (!lookup && !(await keys.isKeyed(collection))) return [];
    return this.idsFor(collection, filter, lookup);
  }

  /** The ids the key lookup yields, or those of the records the filter matches, ascending. */
  private async idsFor(
    collection: string,
    filter: Filter,
    lookup: IndexLookup | undefined,
  ): Promise<string[]> {
    if (lookup) return idsOf(lookup.index, collection, lookup.plan);
    const ids: string[] = [];
    for await (const page of this.pages(collection, { filter })) ids.push(...page.map((r) => r.id));
    return ids.sort();
  }

  /** Indexes every stored record's keys, then lets lookups answer (a new or unfinished index). */
  private async fillKeyIndex(collection: string, index: KeyIndex): Promise<number> {
    let added = 0;
    for await (const page of this.pages(collection, { includeVectors: true })) {
      added += await index.add(collection, page);
      await index.fill(collection, page);
    }
    await index.markComplete(collection);
    return added;
  }

  /** The store's records (those `filter` matches), a page at a time. */
  private async *pages(
    collection: string,
    request: Pick<FindRequest, 'filter' | 'includeVectors'>,
  ): AsyncGenerator<StoredRecord[]> {
    let cursor: string | undefined;
    do {
      const page = await this.records.find(collection, { ...request, limit: REINDEX_PAGE, cursor });
      yield page.records;
      cursor = page.nextCursor;
    } while (cursor);
  }

  /**
   * Adds what a delete racing another process's re-creation of the same record could have left out,
   * copies every record again (a crash between a write and its copy left the old one), and drops the
   * entries of records that are gone.
   */
  private async repairKeyIndex(collection: string, index: KeyIndex): Promise<LexicalIndexReport> {
    const indexed = await this.fillKeyIndex(collection, index);
    return { indexed, removed: await this.removeOrphans(collection, index) };
  }

  /** Drops index entries whose record no longer exists. */
  private async removeOrphans(
    collection: string,
    index: Pick<LexicalIndex, 'idsAfter' | 'delete'> | Pick<KeyIndex, 'idsAfter' | 'remove'>,
  ): Promise<number> {
    let removed = 0;
    let after: string | undefined;
    for (;;) {
      const ids = await index.idsAfter(collection, after, REINDEX_PAGE);
      if (ids.length === 0) return removed;
      const existing = new Set(await this.records.existingIds(collection, ids));
      const orphans = ids.filter((id) => !existing.has(id));
      await ('remove' in index ? index.remove(collection, orphans) : index.delete(collection, orphans));
      removed += orphans.length;
      after = ids[ids.length - 1];
    }
  }
}
