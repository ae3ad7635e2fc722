/**
 * VectorStore over a Qdrant server or cluster (`@qdrant/js-client-rest` 1.18, REST API, Qdrant ≥ 1.16).
 *
 * How the port maps onto Qdrant:
 * - One Qdrant collection per kioku collection, under the same name (e.g. `kioku_default_memories`),
 *   with one unnamed dense vector, `distance: Cosine`, and the configured shard number, replication
 *   factor and write consistency factor. Collection-level metadata (e.g. the embedding model) lives in
 *   Qdrant's collection metadata (Qdrant 1.16+), which is part of the cluster-wide collection config and
 *   is created atomically with the collection; the dimension is the vector size. No reserved points.
 * - Point ids are UUIDv5 of the record ids (`qdrant-point-id.mapper.ts`); the payload holds the
 *   original id, the document, the vector's length and the flat metadata (`qdrant-payload.codec.ts`).
 * - Filters are translated exactly (`qdrant-filter.translator.ts`); text filters are exact substring
 *   matches on the unindexed document field, re-checked locally.
 * - Distances are `1 − score` (Qdrant's Cosine score is the cosine similarity), ascending.
 * - `find` pages with scroll (ordered by point id); the cursor wraps `next_page_offset`.
 * - `upsert` replaces whole points, so stale metadata keys never survive and `noStaleKeys` needs no
 *   extra read. `patchMetadata` uses set_payload with a `has_id` filter, which merges keys and ignores
 *   missing ids (a `points` list would fail on a missing id).
 * - A collection created (or ensured) with `lexical: true` also has the named sparse vector `text`
 *   with Qdrant's IDF modifier: BM25 on the same point as the dense vector, written in the same request
 *   (`qdrant-lexical-index.ts`, `qdrant-sparse-vector.encoder.ts`). Whether a collection is lexical is
 *   read from its config, so every process writes the sparse vector once it has seen the config.
 * - Every write is sent with `wait=true` and the configured `ordering`; reads with the configured read
 *   consistency. Requests time out (default 15 s) and transient failures are retried with backoff
 *   (`qdrant-retry.policy.ts`); errors become the port's errors (`qdrant.errors.ts`).
 *
 * This class is the port's face: it checks arguments, delegates to the collections
 * (`qdrant-collections.ts`), point reads and writes (`qdrant-point-reads.ts`, `qdrant-point-writes.ts`)
 * and the lexical index, and maps every failure in one place (`run`).
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
  type VectorRecord,
  type VectorStore,
  type UpsertOptions,
} from '@kioku/vector-store';
import { assertLimit, assertMetadata, assertRecordShape, assertSameId } from '@kioku/vector-store-base';
import { QdrantCollections } from './qdrant-collections';
import { BACKEND, classifyQdrantError, toStoreError } from './qdrant.errors';
import { filterOf, translateFilter } from './qdrant-filter.translator';
import { QdrantLexicalIndex, type ReindexOptions } from './qdrant-lexical-index';
import { resolveQdrantOptions, type QdrantVectorStoreOptions } from './qdrant-options';
import { QdrantPointReads } from './qdrant-point-reads';
import { QdrantPointWrites } from './qdrant-point-writes';
import { QdrantRest } from './qdrant-rest';

export class QdrantVectorStore implements VectorStore {
  readonly backend = BACKEND;

  private readonly displayUrl: string;
  private readonly collections: QdrantCollections;
  private readonly lexical: QdrantLexicalIndex;
  private readonly reads: QdrantPointReads;
  private readonly writes: QdrantPointWrites;

  constructor(options: QdrantVectorStoreOptions) {
    const resolved = resolveQdrantOptions(options);
    this.displayUrl = resolved.connection.displayUrl;
    const rest = new QdrantRest(resolved);
    this.lexical = new QdrantLexicalIndex(rest);
    this.collections = new QdrantCollections(rest, this.lexical, resolved);
    this.reads = new QdrantPointReads(rest, this.collections);
    this.writes = new QdrantPointWrites(rest, this.collections);
  }

  /** The server address without credentials. */
  get url(): string {
    return this.displayUrl;
  }

  ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    return this.collections.ensure(name, spec);
  }

  listCollections(): Promise<string[]> {
    return this.collections.list();
  }

  describeCollection(name: string): Promise<CollectionInfo | null> {
    return this.collections.describe(name);
  }

  async updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    assertMetadata(metadata);
    await this.run(name, () => this.collections.updateMetadata(name, metadata));
  }

  deleteCollection(name: string): Promise<void> {
    return this.collections.delete(name);
  }

  /**
   * Validates the whole batch, then writes it in requests of at most 256 points; in a lexical
   * collection each point carries its dense and sparse vectors together. `noStaleKeys` needs no
   * handling: Qdrant's upsert replaces the whole payload, so removed keys never survive.
   */
  async upsert(collection: string, records: VectorRecord[], _options: UpsertOptions = {}): Promise<void> {
    records.forEach(assertRecordShape);
    await this.run(collection, () => this.writes.write(collection, records, 'upsert'));
  }

  /** `update_mode: insert_only` (Qdrant ≥ 1.18) keeps existing points; the shard's update order decides the first. */
  async insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    records.forEach(assertRecordShape);
    await this.run(collection, () => this.writes.write(collection, records, 'insert_only'));
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    for (const patch of patches) assertMetadata(patch.metadata);
    await this.run(collection, () => this.writes.patchMetadata(collection, patches));
  }

  /**
   * A read, then a write: Qdrant has no conditional write, so another write of a record between the two
   * is undone. The repairs that rewrite records change nothing here (upsert replaces whole points, so no
   * key is ever left behind), but a caller that needs the step atomic must not rely on Qdrant for it.
   */
  async rewrite(
    collection: string,
    ids: string[],
    change: (record: StoredRecord) => VectorRecord | null,
  ): Promise<string[]> {
    const current = await this.get(collection, [...new Set(ids)], { includeVectors: true });
    const changed = current.flatMap((record) => {
      const next = change(record);
      return next ? [assertSameId(record.id, next)] : [];
    });
    if (changed.length > 0) await this.upsert(collection, changed);
    return changed.map((r) => r.id);
  }

  get(
    collection: string,
    ids: string[],
    options: { includeVectors?: boolean } = {},
  ): Promise<StoredRecord[]> {
    return this.run(collection, () => this.reads.get(collection, ids, options.includeVectors === true));
  }

  existingIds(collection: string, ids: string[]): Promise<string[]> {
    return this.run(collection, () => this.reads.existingIds(collection, ids));
  }

  find(collection: string, request: FindRequest): Promise<Page> {
    assertLimit(request.limit);
    return this.run(collection, () => this.reads.find(collection, request));
  }

  candidateIds(collection: string, filter: Filter): Promise<string[]> {
    return this.run(collection, () => this.reads.candidateIds(collection, filter));
  }

  query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    assertLimit(request.limit);
    return this.run(collection, () => this.reads.query(collection, request));
  }

  /** One query per request, concurrently (Qdrant's batch query endpoint is not used yet). */
  queryMany(collection: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    return Promise.all(requests.map((request) => this.query(collection, request)));
  }

  /** BM25 over the sparse `text` vector; [] for a collection without one or a text without terms. */
  searchText(collection: string, request: TextSearchRequest): Promise<TextMatch[]> {
    assertLimit(request.limit);
    return this.run(collection, async () => {
      const handle = await this.collections.handle(collection);
      const translated = translateFilter(request.filter);
      if (!handle.lexical || translated.kind === 'none') return [];
      return this.lexical.search(collection, request, filterOf(translated));
    });
  }

  /**
   * Rewrites sparse vectors (see `qdrant-lexical-index.ts`). Reads the collection afresh: the integrity
   * job runs in long-lived processes that may not have seen the collection become lexical.
   */
  reindexText(collection: string, options: ReindexOptions): Promise<LexicalIndexReport> {
    return this.run(collection, async () => {
      if (!(await this.collections.isLexical(collection))) return { indexed: 0, removed: 0 };
      return this.lexical.reindex(collection, options);
    });
  }

  count(collection: string, filter?: Filter): Promise<number> {
    return this.run(collection, () => this.reads.count(collection, filter));
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    await this.run(collection, () => this.writes.delete(collection, ids));
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    await this.run(collection, () => this.writes.deleteWhere(collection, filter));
  }

  /** Runs an operation on a collection: drops the cached handle when the collection is gone, maps errors. */
  private async run<T>(collection: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      const kind = classifyQdrantError(error);
      if (kind === 'not-found' || kind === 'dimension' || error instanceof CollectionNotFoundError) {
        this.collections.forget(collection);
      }
      throw toStoreError(error, collection);
    }
  }
}
