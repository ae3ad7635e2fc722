/**
 * An in-process VectorStore: exact cosine search over plain arrays, the reference filter semantics
 * (`matchesFilter`) and keyset paging by id. For unit tests and `KIOKU_VECTOR_STORE=memory`; nothing is
 * persisted. Every value is copied on the way in and out, so callers can never mutate stored state.
 */
import {
  CollectionNotFoundError,
  matchesFilter,
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type FindRequest,
  type Metadata,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type LexicalIndexReport,
  type StoredRecord,
  type TextFilter,
  type TextMatch,
  type TextSearchRequest,
  type VectorRecord,
  type VectorStore,
} from '@kioku/vector-store';
import {
  InMemoryLexicalIndex,
  assertCollectionName,
  assertDimension,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertSameId,
  assertVector,
  decodeCursor,
  encodeCursor,
} from '@kioku/vector-store-base';
import { cosineDistanceWithNorms, norm } from '@kioku/similarity';

interface StoredEntry {
  vector: number[];
  /** The vector's length, computed once on write: a query then costs one dot product per record. */
  norm: number;
  metadata: Metadata;
  document: string;
}

interface MemoryCollection {
  dimension: number;
  metadata: Metadata;
  records: Map<string, StoredEntry>;
  /** Ids in ascending code-unit order; rebuilt lazily after inserts and deletes. */
  sortedIds: string[] | null;
  /** Present for collections created with `lexical: true`. */
  lexical: InMemoryLexicalIndex | null;
}

export class MemoryVectorStore implements VectorStore {
  readonly backend = 'memory';

  private readonly collections = new Map<string, MemoryCollection>();

  async ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    assertCollectionName(name);
    assertDimension(spec.dimension);
    if (spec.metadata) assertMetadata(spec.metadata);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = {
        dimension: spec.dimension,
        metadata: { ...(spec.metadata ?? {}) },
        records: new Map(),
        sortedIds: null,
        lexical: null,
      };
      this.collections.set(name, collection);
    }
    if (spec.lexical && !collection.lexical) {
      collection.lexical = new InMemoryLexicalIndex();
      for (const [id, entry] of collection.records)
        collection.lexical.upsert(id, entry.document, entry.metadata);
    }
    return infoOf(name, collection);
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()];
  }

  async describeCollection(name: string): Promise<CollectionInfo | null> {
    const collection = this.collections.get(name);
    return collection ? infoOf(name, collection) : null;
  }

  async updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    assertMetadata(metadata);
    const collection = this.require(name);
    collection.metadata = { ...collection.metadata, ...metadata };
  }

  async deleteCollection(name: string): Promise<void> {
    this.collections.delete(name);
  }

  async upsert(collectionName: string, records: VectorRecord[]): Promise<void> {
    const collection = this.require(collectionName);
    for (const record of records) {
      assertRecordShape(record);
      assertVector(collectionName, collection.dimension, record.vector);
    }
    for (const record of records) {
      if (!collection.records.has(record.id)) collection.sortedIds = null;
      collection.records.set(record.id, {
        vector: record.vector.slice(),
        norm: norm(record.vector),
        metadata: { ...record.metadata },
        document: record.document,
      });
      collection.lexical?.upsert(record.id, record.document, record.metadata);
    }
  }

  async insertNew(collectionName: string, records: VectorRecord[]): Promise<void> {
    const collection = this.require(collectionName);
    for (const record of records) {
      assertRecordShape(record);
      assertVector(collectionName, collection.dimension, record.vector);
    }
    const firstOfEach = new Map<string, VectorRecord>();
    for (const record of records) {
      if (!collection.records.has(record.id) && !firstOfEach.has(record.id))
        firstOfEach.set(record.id, record);
    }
    await this.upsert(collectionName, [...firstOfEach.values()]);
  }

  async patchMetadata(collectionName: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    const collection = this.require(collectionName);
    for (const patch of patches) assertMetadata(patch.metadata);
    for (const patch of patches) {
      const entry = collection.records.get(patch.id);
      if (entry) entry.metadata = { ...entry.metadata, ...patch.metadata };
      if (entry) collection.lexical?.patchMetadata(patch.id, patch.metadata);
    }
  }

  /** Atomic: nothing else runs between a record's read and its write in this process. */
  async rewrite(
    collectionName: string,
    ids: string[],
    change: (record: StoredRecord) => VectorRecord | null,
  ): Promise<string[]> {
    const collection = this.require(collectionName);
    const changed: VectorRecord[] = [];
    for (const id of new Set(ids)) {
      const entry = collection.records.get(id);
      const next = entry ? change(toStored(id, entry, true)) : null;
      if (next) changed.push(assertSameId(id, next));
    }
    await this.upsert(collectionName, changed);
    return changed.map((r) => r.id);
  }

  async get(
    collectionName: string,
    ids: string[],
    options: { includeVectors?: boolean } = {},
  ): Promise<StoredRecord[]> {
    const collection = this.require(collectionName);
    const found: StoredRecord[] = [];
    for (const id of ids) {
      const entry = collection.records.get(id);
      if (entry) found.push(toStored(id, entry, options.includeVectors === true));
    }
    return found;
  }

  async existingIds(collectionName: string, ids: string[]): Promise<string[]> {
    const collection = this.require(collectionName);
    return [...new Set(ids)].filter((id) => collection.records.has(id));
  }

  async find(collectionName: string, request: FindRequest): Promise<Page> {
    const collection = this.require(collectionName);
    assertLimit(request.limit);
    const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor, isRecordId);
    const ids = sortedIdsOf(collection);
    let start = 0;
    if (after !== undefined) {
      start = lowerBound(ids, after);
      if (ids[start] === after) start++;
    }
    const records: StoredRecord[] = [];
    let index = start;
    for (; index < ids.length && records.length < request.limit; index++) {
      const id = ids[index];
      const entry = collection.records.get(id) as StoredEntry;
      if (matches(entry, request.filter, request.text)) {
        records.push(toStored(id, entry, request.includeVectors === true));
      }
    }
    return index < ids.length
      ? { records, nextCursor: encodeCursor(records[records.length - 1].id) }
      : { records };
  }

  async candidateIds(collectionName: string, filter: Filter): Promise<string[]> {
    const collection = this.require(collectionName);
    return sortedIdsOf(collection).filter((id) =>
      matches(collection.records.get(id) as StoredEntry, filter, undefined),
    );
  }

  async queryMany(collectionName: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    return Promise.all(requests.map((request) => this.query(collectionName, request)));
  }

  async query(collectionName: string, request: QueryRequest): Promise<QueryMatch[]> {
    const collection = this.require(collectionName);
    assertLimit(request.limit);
    assertVector(collectionName, collection.dimension, request.vector);
    const queryNorm = norm(request.vector);
    const scored: { id: string; entry: StoredEntry; distance: number }[] = [];
    for (const [id, entry] of collection.records) {
      if (!matches(entry, request.filter, request.text)) continue;
      scored.push({
        id,
        entry,
        distance: cosineDistanceWithNorms(request.vector, queryNorm, entry.vector, entry.norm),
      });
    }
    scored.sort((a, b) => a.distance - b.distance || compareIds(a.id, b.id));
    return scored.slice(0, request.limit).map(({ id, entry, distance }) => ({
      ...toStored(id, entry, request.includeVectors === true),
      distance,
    }));
  }

  async searchText(collectionName: string, request: TextSearchRequest): Promise<TextMatch[]> {
    const collection = this.require(collectionName);
    assertLimit(request.limit);
    if (!collection.lexical) return [];
    return collection.lexical.search(request.text, request.limit, request.filter).map(({ id, score }) => ({
      ...toStored(id, collection.records.get(id) as StoredEntry, request.includeVectors === true),
      score,
    }));
  }

  async reindexText(
    collectionName: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport> {
    const collection = this.require(collectionName);
    const index = collection.lexical;
    if (!index) return { indexed: 0, removed: 0 };
    let indexed = 0;
    for (const [id, entry] of collection.records) {
      if (options.mode === 'rebuild' || !index.has(id)) {
        index.upsert(id, entry.document, entry.metadata);
        indexed++;
      }
    }
    const orphans = index.ids().filter((id) => !collection.records.has(id));
    for (const id of orphans) index.delete(id);
    options.onProgress?.(collection.records.size);
    return { indexed, removed: orphans.length };
  }

  async count(collectionName: string, filter?: Filter): Promise<number> {
    const collection = this.require(collectionName);
    if (!filter) return collection.records.size;
    let total = 0;
    for (const entry of collection.records.values()) if (matchesFilter(filter, entry.metadata)) total++;
    return total;
  }

  async delete(collectionName: string, ids: string[]): Promise<void> {
    const collection = this.require(collectionName);
    for (const id of ids) if (collection.records.delete(id)) collection.sortedIds = null;
    for (const id of ids) collection.lexical?.delete(id);
  }

  async deleteWhere(collectionName: string, filter: Filter): Promise<void> {
    const collection = this.require(collectionName);
    for (const [id, entry] of collection.records) {
      if (matchesFilter(filter, entry.metadata)) {
        collection.records.delete(id);
        collection.lexical?.delete(id);
        collection.sortedIds = null;
      }
    }
  }

  private require(name: string): MemoryCollection {
    const collection = this.collections.get(name);
    if (!collection) throw new CollectionNotFoundError(name);
    return collection;
  }
}

function infoOf(name: string, collection: MemoryCollection): CollectionInfo {
  return { name, dimension: collection.dimension, metadata: { ...collection.metadata } };
}

function toStored(id: string, entry: StoredEntry, includeVector: boolean): StoredRecord {
  const record: StoredRecord = { id, metadata: { ...entry.metadata }, document: entry.document };
  if (includeVector) record.vector = entry.vector.slice();
  return record;
}

function matches(entry: StoredEntry, filter: Filter | undefined, text: TextFilter | undefined): boolean {
  if (filter && !matchesFilter(filter, entry.metadata)) return false;
  if (text && !text.containsAny.some((needle) => entry.document.includes(needle))) return false;
  return true;
}

function sortedIdsOf(collection: MemoryCollection): string[] {
  if (!collection.sortedIds) collection.sortedIds = [...collection.records.keys()].sort(compareIds);
  return collection.sortedIds;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Index of the first id that is not less than `id`. */
function lowerBound(ids: string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle] < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** This store pages by record id (records are kept sorted by id). */
function isRecordId(value: unknown): value is string {
  return typeof value === 'string';
}
