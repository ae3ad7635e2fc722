/**
 * A vector store whose backend has no full-text index and scans metadata to filter, joined with the
 * indexes kept beside it:
 * - a `LexicalIndex` for `searchText`;
 * - a `KeyIndex` of a collection's `indexedKeys` (or of none, for `readCopies`), when given: `find`
 *   reads the ids and the records' copies there (`key-indexed-find.ts`), and `get`, `query` and
 *   `searchText` read the copies of the records they return.
 *
 * A write of a record is several steps (the key entries, the backend's write, the lexical entry, the
 * copy), taken while holding the record's turn (`RecordLocks`, shared by every process that writes the
 * store): two writes of one record never interleave, so once they have returned the backend and both
 * indexes hold the same version of it, whichever process wrote it. Within a write the key entries come
 * before the backend's write and the copy after it (a crash in between leaves an entry whose record is
 * gone, or an old copy, never a record the index hides), and a delete drops the copy first. What a
 * crash leaves is found and fixed by `reindexText('repair')` (the integrity job; `side-index-repair.ts`),
 * which takes the same turns. Search hits whose record is gone are never returned.
 */
import {
  CollectionNotFoundError,
  matchesFilter,
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
import { InProcessRecordLocks } from './in-process-record-locks';
import type { RecordStore } from './record-store';
import { assertLimit, assertSameId } from './record-validation';
import type { KeyIndex } from './key-index.port';
import { findByKeys, readRecords } from './key-indexed-find';
import { idsOf, keyLookupFor, type KeyLookup } from './key-lookup';
import type { LexicalIndex } from './lexical-index.port';
import type { RecordLocks } from './record-locks.port';
import { SideIndexRepair, storedPages } from './side-index-repair';

interface IndexLookup {
  index: KeyIndex;
  plan: KeyLookup;
}

export class SideIndexedVectorStore implements VectorStore {
  private readonly repair: SideIndexRepair;

  constructor(
    private readonly records: RecordStore,
    private readonly index: LexicalIndex,
    private readonly keys?: KeyIndex,
    private readonly locks: RecordLocks = new InProcessRecordLocks(),
  ) {
    this.repair = new SideIndexRepair(records, index, keys, locks);
  }

  get backend(): string {
    return this.records.backend;
  }

  /** Releases the indexes and the locks (the records' backend is released by its owner). */
  async close(): Promise<void> {
    await this.index.close();
    await this.keys?.close();
    await this.locks.close();
  }

  async ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    const info = await this.records.ensureCollection(name, spec);
    if (spec.lexical && (await this.index.open(name)) && (await this.records.count(name)) > 0) {
      await this.reindexText(name, { mode: 'rebuild' });
    }
    // A collection with read copies and no keys is kept like a keyed one, with an empty key list.
    const keys = spec.indexedKeys?.length ? spec.indexedKeys : spec.readCopies ? [] : undefined;
    if (this.keys && keys && (await this.keys.open(name, keys)))
      await this.repair.fillKeyIndex(name, this.keys);
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

  upsert(collection: string, records: VectorRecord[], options?: UpsertOptions): Promise<void> {
    return this.locks.hold(collection, recordIds(records), () => this.write(collection, records, options));
  }

  /** Indexes the versions that are stored after the insert, whether this call's or an earlier one's. */
  insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    return this.locks.hold(collection, recordIds(records), async () => {
      await this.keys?.add(collection, records);
      await this.records.insertNew(collection, records);
      const stored = await this.records.get(collection, recordIds(records), { includeVectors: true });
      await this.index.upsert(collection, stored);
      await this.keys?.settle(collection, stored);
    });
  }

  /** Patches of records that do not exist change nothing, beside the store too. */
  patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    return this.locks.hold(collection, recordIds(patches), async () => {
      await this.keys?.add(collection, patches, { existingOnly: true });
      await this.records.patchMetadata(collection, patches);
      await this.index.patchMetadata(collection, patches);
      await this.keys?.patch(collection, patches);
    });
  }

  /** Each record is read from the backend and written back while its turn is held. */
  rewrite(
    collection: string,
    ids: string[],
    change: (record: StoredRecord) => VectorRecord | null,
  ): Promise<string[]> {
    return this.locks.hold(collection, ids, async () => {
      const current = await this.records.get(collection, [...new Set(ids)], { includeVectors: true });
      const changed = current.flatMap((record) => {
        const next = change(record);
        return next ? [assertSameId(record.id, next)] : [];
      });
      await this.write(collection, changed);
      return recordIds(changed);
    });
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

  delete(collection: string, ids: string[]): Promise<void> {
    return this.locks.hold(collection, ids, () => this.remove(collection, [...new Set(ids)]));
  }

  /**
   * On a collection with an index beside it: the records the filter may match are listed (from the
   * key index, or the store), and those that still match once their turns are held are deleted, so
   * a record written meanwhile either was listed and waited for, or is written after the delete.
   */
  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    const keyed = !!this.keys && (await this.keys.isKeyed(collection));
    if (!keyed && !(await this.index.isIndexed(collection))) {
      await this.records.deleteWhere(collection, filter);
      return;
    }
    const candidates = await this.idsFor(collection, filter, await this.keyLookup(collection, filter));
    await this.locks.hold(collection, candidates, async () => {
      const current = await this.records.get(collection, candidates);
      const doomed = new Set(current.filter((r) => matchesFilter(filter, r.metadata)).map((r) => r.id));
      // Candidates without a record are entries a crash left: they go too.
      const present = new Set(current.map((r) => r.id));
      await this.remove(
        collection,
        candidates.filter((id) => doomed.has(id) || !present.has(id)),
      );
    });
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

  /**
   * Brings the indexes of the collection in line with its records (`side-index-repair.ts`): `repair`
   * what differs or is missing or left over, `rebuild` the lexical index whole.
   */
  reindexText(
    collection: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport> {
    return this.repair.run(collection, options);
  }

  /** The steps of a write, to run while the records' turns are held. */
  private async write(collection: string, records: VectorRecord[], options?: UpsertOptions): Promise<void> {
    if (records.length === 0) return;
    await this.keys?.add(collection, records);
    await this.records.upsert(collection, records, options);
    await this.index.upsert(collection, records);
    await this.keys?.settle(collection, records);
  }

  /** The steps of a delete, to run while the records' turns are held. */
  private async remove(collection: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.keys?.unsettle(collection, ids);
    await this.records.delete(collection, ids);
    await this.index.delete(collection, ids);
    await this.keys?.remove(collection, ids);
  }

  /** The key-index lookup that answers `filter` on this collection, when its index is complete. */
  private async keyLookup(collection: string, filter: Filter | undefined): Promise<IndexLookup | undefined> {
    const index = this.keys;
    if (!index || !filter) return undefined;
    const keys = await index.completeKeys(collection);
    const plan = keys && keyLookupFor(filter, new Set(keys));
    return plan ? { index, plan } : undefined;
  }

  /** The ids the key lookup yields, or those of the records the filter matches, ascending. */
  private async idsFor(
    collection: string,
    filter: Filter,
    lookup: IndexLookup | undefined,
  ): Promise<string[]> {
    if (lookup) return idsOf(lookup.index, collection, lookup.plan);
    const ids: string[] = [];
    for await (const page of storedPages(this.records, collection, { filter }))
      ids.push(...page.map((r) => r.id));
    return ids.sort();
  }
}

function recordIds(records: { id: string }[]): string[] {
  return records.map((record) => record.id);
}
