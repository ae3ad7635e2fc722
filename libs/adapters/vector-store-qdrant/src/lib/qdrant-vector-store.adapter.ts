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
 *   (`qdrant-retry.policy.ts`); errors become the port's errors (`qdrant-errors.ts`).
 */
import { QdrantClient, type Schemas } from '@qdrant/js-client-rest';
import { AppError, type Logger } from '@kioku/kernel';
import {
  CollectionNotFoundError,
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type FindRequest,
  type LexicalIndexReport,
  type Metadata,
  type MetadataValue,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
  type TextMatch,
  type TextSearchRequest,
  type VectorRecord,
  type VectorStore,
  type UpsertOptions,
  assertCollectionName,
  assertDimension,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertVector,
} from '@kioku/vector-store';
import { parseQdrantUrl, type QdrantConnection } from './qdrant-connection';
import { BACKEND, classifyQdrantError, isTransient, toStoreError } from './qdrant-errors';
import {
  matchesText,
  translateFilter,
  translateFilters,
  type QdrantFilter,
} from './qdrant-filter.translator';
import { QdrantLexicalIndex, type ReindexOptions } from './qdrant-lexical-index';
import { missingPayloadIndexes } from './qdrant-payload-indexes';
import {
  decodePoint,
  distanceFromScore,
  encodeMetadata,
  encodePoint,
  toUnitVector,
} from './qdrant-payload.codec';
import { isUuid, pointIdOf } from './qdrant-point-id.mapper';
import { DEFAULT_RETRY, withRetries, type RetryOptions } from './qdrant-retry.policy';
import { TEXT_VECTOR, TEXT_VECTOR_PARAMS, documentSparseVector } from './qdrant-sparse-vector.encoder';

/** Qdrant's write ordering for a cluster (no effect on a single node). */
export type QdrantWriteOrdering = 'weak' | 'medium' | 'strong';

/** Qdrant's read consistency: a number of replicas, or `majority` / `quorum` / `all`. */
export type QdrantReadConsistency = number | 'majority' | 'quorum' | 'all';

export interface QdrantVectorStoreOptions {
  /** e.g. `http://localhost:6333`; a path becomes the API prefix, `user:password@` a basic-auth header. */
  url: string;
  /** Sent as the `api-key` header. */
  apiKey?: string;
  /** Per-request timeout in ms (default 15 000). */
  requestTimeoutMs?: number;
  /** Shards of each new collection (default 1). Only used when the adapter creates a collection. */
  shardNumber?: number;
  /** Copies of each shard in a cluster (default 1). Only used when the adapter creates a collection. */
  replicationFactor?: number;
  /** Replicas that must apply a write before it is acknowledged (default 1, ≤ replicationFactor). */
  writeConsistencyFactor?: number;
  /** Ordering of writes across replicas (default `medium`, see docs/qdrant.md). */
  writeOrdering?: QdrantWriteOrdering;
  /** Read consistency for retrieve, scroll, query and count (default: Qdrant's, one replica). */
  readConsistency?: QdrantReadConsistency;
  /** Retries of transient failures (default 2 retries, 200 ms doubling, at most 5 s). */
  retry?: RetryOptions;
  /** Keep-alive connections to the server (default 25, the client's). */
  maxConnections?: number;
  logger?: Logger;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
export const DEFAULT_WRITE_ORDERING: QdrantWriteOrdering = 'medium';

/** Points per upsert request (a 512-d point is ~5–10 kB of JSON; Qdrant accepts 32 MB per request). */
const WRITE_BATCH = 256;
/** Ids per retrieve or delete request, and set_payload operations per batch request. */
const ID_BATCH = 1_000;
/** Attempts to see a just-created collection (a cluster applies it through consensus). */
const CREATED_COLLECTION_READS = 5;

interface CollectionHandle {
  /** 0 when unknown (a collection with named vectors, not created by kioku). */
  dimension: number;
  distance: string | undefined;
  /** The collection has the sparse `text` vector (a lexical index). */
  lexical: boolean;
}

type Api = ReturnType<QdrantClient['api']>;
type RawCollectionInfo = Schemas['CollectionInfo'];

export class QdrantVectorStore implements VectorStore {
  readonly backend = BACKEND;

  private readonly connection: QdrantConnection;
  private readonly api: Api;
  private readonly retry: Required<RetryOptions>;
  private readonly ordering: QdrantWriteOrdering;
  private readonly consistency: QdrantReadConsistency | undefined;
  private readonly collectionParams: {
    shard_number: number;
    replication_factor: number;
    write_consistency_factor: number;
  };
  private readonly logger?: Logger;
  private readonly handles = new Map<string, Promise<CollectionHandle>>();
  private readonly ensuring = new Map<string, Promise<CollectionInfo>>();
  private readonly lexical: QdrantLexicalIndex;

  constructor(options: QdrantVectorStoreOptions) {
    this.connection = parseQdrantUrl(options.url, options.apiKey);
    const shards = positiveInteger(options.shardNumber ?? 1, 'shardNumber');
    const replicas = positiveInteger(options.replicationFactor ?? 1, 'replicationFactor');
    const writeConsistency = positiveInteger(options.writeConsistencyFactor ?? 1, 'writeConsistencyFactor');
    if (writeConsistency > replicas) {
      throw new AppError(
        'CONFIG_INVALID',
        'The Qdrant write consistency factor cannot exceed the replication factor.',
        { details: { writeConsistencyFactor: writeConsistency, replicationFactor: replicas } },
      );
    }
    this.collectionParams = {
      shard_number: shards,
      replication_factor: replicas,
      write_consistency_factor: writeConsistency,
    };
    this.ordering = options.writeOrdering ?? DEFAULT_WRITE_ORDERING;
    if (!['weak', 'medium', 'strong'].includes(this.ordering)) {
      throw new AppError('CONFIG_INVALID', 'The Qdrant write ordering must be weak, medium or strong.');
    }
    this.consistency = options.readConsistency;
    if (typeof this.consistency === 'number') positiveInteger(this.consistency, 'readConsistency');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.logger = options.logger;
    const client = new QdrantClient({
      url: this.connection.url,
      prefix: this.connection.prefix,
      headers: this.connection.headers,
      timeout: positiveInteger(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, 'requestTimeoutMs'),
      maxConnections: options.maxConnections,
      // No version request at start-up (and no console warning when it fails).
      checkCompatibility: false,
    });
    this.api = client.api();
    this.lexical = new QdrantLexicalIndex({
      api: this.api,
      call: (request) => this.call(request),
      ordering: this.ordering,
      consistency: this.consistency,
    });
  }

  /** The server address without credentials. */
  get url(): string {
    return this.connection.displayUrl;
  }

  async ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    assertCollectionName(name);
    assertDimension(spec.dimension);
    const metadata = spec.metadata ?? {};
    assertMetadata(metadata);
    // Concurrent calls in this process share one round of requests; other processes are handled by
    // treating "already exists" as success.
    const lexical = spec.lexical === true;
    const key = `${lexical ? 'lexical' : 'plain'}:${name}`;
    let pending = this.ensuring.get(key);
    if (!pending) {
      pending = this.ensureOnce(name, spec.dimension, metadata, lexical).finally(() =>
        this.ensuring.delete(key),
      );
      this.ensuring.set(key, pending);
    }
    return pending;
  }

  async describeCollection(name: string): Promise<CollectionInfo | null> {
    try {
      const info = await this.readCollection(name);
      return info ? infoOf(name, info) : null;
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  async updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    assertMetadata(metadata);
    await this.run(name, async () => {
      // Qdrant merges the given keys, but an empty object clears all metadata: send nothing then.
      if (Object.keys(metadata).length === 0) {
        await this.handle(name);
        return;
      }
      await this.call(() => this.api.updateCollection({ collection_name: name, metadata }));
    });
  }

  async deleteCollection(name: string): Promise<void> {
    this.handles.delete(name);
    try {
      await this.call(() => this.api.deleteCollection({ collection_name: name }));
    } catch (error) {
      if (classifyQdrantError(error) === 'not-found') return;
      throw toStoreError(error, name);
    } finally {
      this.handles.delete(name);
    }
  }

  /**
   * Validates the whole batch, then writes it in requests of at most 256 points; in a lexical
   * collection each point carries its dense and sparse vectors together. `noStaleKeys` needs no
   * handling: Qdrant's upsert replaces the whole payload, so removed keys never survive.
   */
  async upsert(collection: string, records: VectorRecord[], _options: UpsertOptions = {}): Promise<void> {
    await this.writePoints(collection, records, 'upsert');
  }

  /** `update_mode: insert_only` (Qdrant ≥ 1.18) keeps existing points; the shard's update order decides the first. */
  async insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    await this.writePoints(collection, records, 'insert_only');
  }

  async patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    for (const patch of patches) assertMetadata(patch.metadata);
    await this.run(collection, async () => {
      const merged = new Map<string, Metadata>();
      for (const patch of patches) merged.set(patch.id, { ...merged.get(patch.id), ...patch.metadata });
      // Ids that receive the same keys and values share one set_payload operation.
      const groups = new Map<string, { payload: Record<string, MetadataValue>; pointIds: string[] }>();
      for (const [id, metadata] of merged) {
        if (Object.keys(metadata).length === 0) continue;
        const payload = encodeMetadata(metadata);
        const signature = JSON.stringify(
          Object.entries(payload).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        );
        const group = groups.get(signature) ?? { payload, pointIds: [] };
        group.pointIds.push(pointIdOf(id));
        groups.set(signature, group);
      }
      const operations: Schemas['UpdateOperation'][] = [...groups.values()].flatMap(({ payload, pointIds }) =>
        chunked(pointIds, ID_BATCH).map((ids) => ({
          set_payload: { payload, filter: { must: [{ has_id: ids }] } },
        })),
      );
      if (operations.length === 0) {
        await this.handle(collection);
        return;
      }
      for (const chunk of chunked(operations, ID_BATCH)) {
        await this.call(() =>
          this.api.batchUpdate({
            collection_name: collection,
            wait: true,
            ordering: this.ordering,
            operations: chunk,
          }),
        );
      }
    });
  }

  async get(
    collection: string,
    ids: string[],
    options: { includeVectors?: boolean } = {},
  ): Promise<StoredRecord[]> {
    const includeVectors = options.includeVectors === true;
    return this.run(collection, async () => {
      if (ids.length === 0) {
        await this.handle(collection);
        return [];
      }
      const found = new Map<string, StoredRecord>();
      for (const chunk of chunked([...new Set(ids)], ID_BATCH)) {
        const points = await this.call(() =>
          this.api.getPoints({
            collection_name: collection,
            consistency: this.consistency,
            ids: chunk.map(pointIdOf),
            with_payload: true,
            with_vector: includeVectors,
          }),
        );
        for (const point of points) {
          const record = decodePoint(point, includeVectors);
          found.set(record.id, record);
        }
      }
      return ids.flatMap((id) => {
        const record = found.get(id);
        return record ? [copyRecord(record)] : [];
      });
    });
  }

  async find(collection: string, request: FindRequest): Promise<Page> {
    assertLimit(request.limit);
    const offset = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
    const includeVectors = request.includeVectors === true;
    return this.run(collection, async () => {
      const translated = translateFilters(request.filter, request.text);
      if (translated.kind === 'none') {
        await this.handle(collection);
        return { records: [] };
      }
      const result = await this.call(() =>
        this.api.scrollPoints({
          collection_name: collection,
          consistency: this.consistency,
          filter: filterOf(translated),
          limit: request.limit,
          offset,
          with_payload: true,
          with_vector: includeVectors,
        }),
      );
      const records = result.points
        .map((point) => decodePoint(point, includeVectors))
        .filter((record) => matchesText(request.text, record.document));
      const next = result.next_page_offset;
      return typeof next === 'string' || typeof next === 'number'
        ? { records, nextCursor: encodeCursor(next) }
        : { records };
    });
  }

  async query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    assertLimit(request.limit);
    const includeVectors = request.includeVectors === true;
    return this.run(collection, async () => {
      const handle = await this.checkedHandle(collection, [request.vector]);
      if (handle.distance !== undefined && handle.distance !== 'Cosine') {
        throw new AppError(
          'CONFIG_INVALID',
          `Collection "${collection}" does not use cosine distance; kioku needs a Cosine collection.`,
          { details: { collection, distance: handle.distance } },
        );
      }
      const translated = translateFilters(request.filter, request.text);
      if (translated.kind === 'none') return [];
      const vector = toUnitVector(request.vector).unit;
      // The text filter is re-checked locally; ask for more until enough survive or the server runs out.
      for (let asked = request.limit; ; asked *= 4) {
        const result = await this.call(() =>
          this.api.queryPoints({
            collection_name: collection,
            consistency: this.consistency,
            query: vector,
            filter: filterOf(translated),
            limit: asked,
            with_payload: true,
            with_vector: includeVectors,
            // Text conditions cannot use an index: search exactly so that HNSW never misses a match.
            params: request.text ? { exact: true } : undefined,
          }),
        );
        const matches = result.points
          .map((point): QueryMatch => ({
            ...decodePoint(point, includeVectors),
            distance: distanceFromScore(point.score),
          }))
          .filter((match) => matchesText(request.text, match.document))
          .sort((a, b) => a.distance - b.distance);
        if (matches.length >= request.limit || result.points.length < asked)
          return matches.slice(0, request.limit);
      }
    });
  }

  /** BM25 over the sparse `text` vector; [] for a collection without one or a text without terms. */
  async searchText(collection: string, request: TextSearchRequest): Promise<TextMatch[]> {
    assertLimit(request.limit);
    return this.run(collection, async () => {
      const handle = await this.handle(collection);
      const translated = translateFilter(request.filter);
      if (!handle.lexical || translated.kind === 'none') return [];
      return this.lexical.search(collection, request, filterOf(translated));
    });
  }

  /**
   * Rewrites sparse vectors (see `qdrant-lexical-index.ts`). Reads the collection afresh: the integrity
   * job runs in long-lived processes that may not have seen the collection become lexical.
   */
  async reindexText(collection: string, options: ReindexOptions): Promise<LexicalIndexReport> {
    return this.run(collection, async () => {
      const info = await this.readCollection(collection);
      if (!info) throw new CollectionNotFoundError(collection);
      if (!handleOf(info).lexical) return { indexed: 0, removed: 0 };
      return this.lexical.reindex(collection, options);
    });
  }

  async count(collection: string, filter?: Filter): Promise<number> {
    return this.run(collection, async () => {
      const translated = translateFilter(filter);
      if (translated.kind === 'none') {
        await this.handle(collection);
        return 0;
      }
      const result = await this.call(() =>
        this.api.countPoints({
          collection_name: collection,
          consistency: this.consistency,
          filter: filterOf(translated),
          exact: true,
        }),
      );
      return result.count;
    });
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    await this.run(collection, async () => {
      if (ids.length === 0) {
        await this.handle(collection);
        return;
      }
      for (const chunk of chunked([...new Set(ids)], ID_BATCH)) {
        await this.call(() =>
          this.api.deletePoints({
            collection_name: collection,
            wait: true,
            ordering: this.ordering,
            points: chunk.map(pointIdOf),
          }),
        );
      }
    });
  }

  async deleteWhere(collection: string, filter: Filter): Promise<void> {
    await this.run(collection, async () => {
      const translated = translateFilter(filter);
      if (translated.kind === 'none') {
        await this.handle(collection);
        return;
      }
      await this.call(() =>
        this.api.deletePoints({
          collection_name: collection,
          wait: true,
          ordering: this.ordering,
          // "all" is an empty `must`: every point matches.
          filter: filterOf(translated) ?? { must: [] },
        }),
      );
    });
  }

  private async writePoints(
    collection: string,
    records: VectorRecord[],
    mode: 'upsert' | 'insert_only',
  ): Promise<void> {
    records.forEach(assertRecordShape);
    await this.run(collection, async () => {
      const handle = await this.checkedHandle(
        collection,
        records.map((record) => record.vector),
      );
      // upsert: the last version of each id wins, as if written one after another; insert_only: the first.
      const chosen = new Map<string, VectorRecord>();
      for (const record of records)
        if (mode === 'upsert' || !chosen.has(record.id)) chosen.set(record.id, record);
      const points = [...chosen.values()].map((record) =>
        encodePoint(record, handle.lexical ? documentSparseVector(record.document) : undefined),
      );
      for (const chunk of chunked(points, WRITE_BATCH)) {
        await this.call(() =>
          this.api.upsertPoints({
            collection_name: collection,
            wait: true,
            ordering: this.ordering,
            points: chunk,
            ...(mode === 'insert_only' ? { update_mode: mode } : {}),
          }),
        );
      }
    });
  }

  private async ensureOnce(
    name: string,
    dimension: number,
    metadata: Metadata,
    lexical: boolean,
  ): Promise<CollectionInfo> {
    try {
      let info = await this.readCollection(name);
      let created = false;
      if (!info) {
        let creationError: unknown;
        try {
          created = await this.createCollection(name, dimension, metadata, lexical);
        } catch (error) {
          // A timeout or a dropped connection may hide a success: the reads that follow decide.
          if (!isTransient(classifyQdrantError(error))) throw error;
          creationError = error;
        }
        info = await this.readCreatedCollection(name, creationError);
      }
      if (created && Object.keys(metadata).length > 0 && info.config.metadata == null) {
        throw new AppError(
          'CONFIG_INVALID',
          'The Qdrant server did not keep the collection metadata: kioku needs Qdrant 1.16 or newer.',
          { details: { collection: name } },
        );
      }
      await this.createMissingIndexes(name, info);
      if (lexical && !handleOf(info).lexical) await this.addLexicalIndex(name);
      return infoOf(name, info);
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  /** Gives an existing collection its sparse vector, then writes it for every point already there. */
  private async addLexicalIndex(name: string): Promise<void> {
    const isLexical = async () => {
      const info = await this.readCollection(name);
      if (!info) throw new CollectionNotFoundError(name);
      return handleOf(info).lexical;
    };
    await this.lexical.enable(name, isLexical);
    // Refreshes the cached handle, so that this process's writes carry the sparse vector from now on.
    await isLexical();
    // Every point written before lacks the encoding marker, so a repair rewrites them all; if it is cut
    // short, the integrity job's repair (or `kioku reindex`) finishes it.
    const report = await this.lexical.reindex(name, { mode: 'repair' });
    this.logger?.info('vector_store.qdrant.lexical_index_added', { collection: name, ...report });
  }

  /** Creates the collection; false when another process created it first. */
  private async createCollection(
    name: string,
    dimension: number,
    metadata: Metadata,
    lexical: boolean,
  ): Promise<boolean> {
    try {
      // Sent once, not retried: a lost answer is settled by reading the collection afterwards.
      await this.api.createCollection({
        collection_name: name,
        vectors: { size: dimension, distance: 'Cosine' },
        ...(lexical ? { sparse_vectors: { [TEXT_VECTOR]: { ...TEXT_VECTOR_PARAMS } } } : {}),
        ...this.collectionParams,
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
      });
      this.logger?.info('vector_store.qdrant.collection_created', {
        collection: name,
        dimension,
        lexical,
        ...this.collectionParams,
      });
      return true;
    } catch (error) {
      if (classifyQdrantError(error) === 'conflict') return false;
      throw error;
    }
  }

  /**
   * Reads a collection that was just created here or elsewhere (a cluster applies creation through
   * consensus, so a peer may need a moment). When it never shows up, the creation's own error, if any,
   * is the better explanation.
   */
  private async readCreatedCollection(name: string, creationError: unknown): Promise<RawCollectionInfo> {
    for (let attempt = 1; ; attempt++) {
      const info = await this.readCollection(name);
      if (info) return info;
      if (attempt >= CREATED_COLLECTION_READS) {
        throw creationError instanceof Error ? creationError : new CollectionNotFoundError(name);
      }
      await delay(this.retry.baseDelayMs * attempt);
    }
  }

  private async createMissingIndexes(name: string, info: RawCollectionInfo): Promise<void> {
    const payloadSchema = info.payload_schema as Record<string, { data_type?: string } | undefined>;
    if (payloadSchema['_kioku_document']?.data_type === 'text') {
      this.logger?.warn('vector_store.qdrant.document_text_index', {
        collection: name,
        reason: 'a full-text index on _kioku_document makes text filters token-based; drop it',
      });
    }
    for (const { field, schema } of missingPayloadIndexes(payloadSchema)) {
      await this.call(() =>
        this.api.createFieldIndex({
          collection_name: name,
          wait: true,
          ordering: this.ordering,
          field_name: field,
          field_schema: schema,
        }),
      );
    }
  }

  /** The raw collection info (refreshing the handle cache), or null when it does not exist. */
  private async readCollection(name: string): Promise<RawCollectionInfo | null> {
    try {
      const info = await this.call(() => this.api.getCollection({ collection_name: name }));
      this.handles.set(name, Promise.resolve(handleOf(info)));
      return info;
    } catch (error) {
      if (classifyQdrantError(error) !== 'not-found') throw error;
      this.handles.delete(name);
      return null;
    }
  }

  /** The cached handle, or a fresh one; CollectionNotFoundError when the collection is missing. */
  private handle(name: string): Promise<CollectionHandle> {
    let pending = this.handles.get(name);
    if (!pending) {
      pending = this.readCollection(name).then((info) => {
        if (!info) throw new CollectionNotFoundError(name);
        return handleOf(info);
      });
      this.handles.set(name, pending);
      pending.catch(() => {
        if (this.handles.get(name) === pending) this.handles.delete(name);
      });
    }
    return pending;
  }

  /**
   * The handle after checking every vector against the collection's dimension. A mismatch against a
   * cached handle is confirmed with a fresh read first (the collection may have been re-created).
   */
  private async checkedHandle(name: string, vectors: number[][]): Promise<CollectionHandle> {
    const cached = this.handles.has(name);
    let handle = await this.handle(name);
    const mismatch = (h: CollectionHandle) =>
      h.dimension > 0 && vectors.some((vector) => Array.isArray(vector) && vector.length !== h.dimension);
    if (cached && mismatch(handle)) {
      this.handles.delete(name);
      handle = await this.handle(name);
    }
    for (const vector of vectors) assertVector(name, handle.dimension, vector);
    return handle;
  }

  /** Runs an operation on a collection: drops the cached handle when the collection is gone, maps errors. */
  private async run<T>(collection: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      const kind = classifyQdrantError(error);
      if (kind === 'not-found' || kind === 'dimension' || error instanceof CollectionNotFoundError) {
        this.handles.delete(collection);
      }
      throw toStoreError(error, collection);
    }
  }

  /** One REST call with retries; returns Qdrant's `result`. */
  private async call<T>(request: () => Promise<{ data: { result?: T } }>): Promise<T> {
    const response = await withRetries(request, this.retry, (retry, delayMs, error) =>
      this.logger?.debug('vector_store.qdrant.retry', {
        url: this.connection.displayUrl,
        retry,
        delayMs: Math.round(delayMs),
        kind: classifyQdrantError(error),
      }),
    );
    const { result } = response.data;
    if (result === undefined) throw new Error('Qdrant answered without a result.');
    return result;
  }
}

function infoOf(name: string, info: RawCollectionInfo): CollectionInfo {
  const metadata: Metadata = {};
  for (const [key, value] of Object.entries(info.config.metadata ?? {})) {
    if (
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      metadata[key] = value;
    }
  }
  return { name, dimension: handleOf(info).dimension, metadata };
}

function handleOf(info: RawCollectionInfo): CollectionHandle {
  const vectors = info.config.params.vectors as { size?: unknown; distance?: unknown } | undefined;
  const sparse = info.config.params.sparse_vectors as Record<string, unknown> | null | undefined;
  return {
    dimension: typeof vectors?.size === 'number' ? vectors.size : 0,
    distance: typeof vectors?.distance === 'string' ? vectors.distance : undefined,
    lexical: sparse?.[TEXT_VECTOR] != null,
  };
}

function filterOf(translated: ReturnType<typeof translateFilter>): QdrantFilter | undefined {
  return translated.kind === 'filter' ? translated.filter : undefined;
}

function copyRecord(record: StoredRecord): StoredRecord {
  const copy: StoredRecord = { id: record.id, metadata: { ...record.metadata }, document: record.document };
  if (record.vector) copy.vector = record.vector.slice();
  return copy;
}

/** The opaque `find` cursor: Qdrant's `next_page_offset` (a point id), wrapped. */
export function encodeCursor(offset: string | number): string {
  return Buffer.from(JSON.stringify({ after: offset }), 'utf8').toString('base64url');
}

/** The point id inside a cursor from `encodeCursor`; INVALID_INPUT for anything else. */
export function decodeCursor(cursor: string): string | number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (parsed as { after?: unknown } | null)?.after;
    if (typeof after === 'string' && isUuid(after)) return after;
    if (typeof after === 'number' && Number.isSafeInteger(after) && after >= 0) return after;
  } catch {
    // fall through to the error below
  }
  throw AppError.invalidInput('The paging cursor is not valid.');
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new AppError('CONFIG_INVALID', `The Qdrant option ${name} must be a positive integer.`, {
      details: { option: name },
    });
  }
  return value;
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
