/**
 * The records of a Chroma server (chromadb 3.5 JS client, server 1.0): every VectorStore operation
 * but full-text search, which `ChromaVectorStore` adds with the lexical index kept beside Chroma.
 *
 * How the port maps onto Chroma:
 * - Collections are created in cosine space with no embedding function (kioku always sends vectors).
 *   Chroma does not report a collection's dimension before its first record, so the dimension is kept
 *   in the collection metadata under `kioku_dimension` (hidden from callers) and checked before any
 *   request is sent.
 * - Record writes (`upsert`, `patchMetadata`) go through the REST API directly, not the client, for two
 *   reasons explained in `chroma-json.ts`: numbers must be stored as floats to compare correctly, and
 *   `upsert` must delete metadata keys the new record no longer has (Chroma's upsert merges metadata
 *   into the old record's; https://github.com/chroma-core/chroma/issues/1630). So `upsert` first reads
 *   the old keys of those ids (one extra round trip) and sends `null` for the ones to drop.
 * - Large writes are split into requests of at most 1 000 records.
 * - `get` returns records in Chroma's storage order; the adapter restores the requested order.
 * - `find` pages by offset: the cursor is the next offset. Records deleted between pages can shift
 *   later records into pages already read (they are then skipped by the scan, never duplicated).
 * - Filters Chroma cannot express exactly (`ne`/`nin`) are re-checked here (see the translator).
 * - Every request has a timeout (default 15 s); reads are retried once after a connection failure.
 * - Unreachable server → StoreUnavailableError, missing collection → CollectionNotFoundError.
 *
 * The pieces: the connection and raw REST writes (`chroma-client.ts`), timeouts and retries
 * (`chroma-retry.ts`), collections and their cache (`chroma-collections.ts`), answers to records
 * (`chroma-rows.ts`); this class holds the record operations.
 */
import type { Where } from 'chromadb';
import { chunked } from '@kioku/kernel';
import {
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type FindRequest,
  type Metadata,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
  type VectorRecord,
  type UpsertOptions,
} from '@kioku/vector-store';
import {
  decodeCursor,
  encodeCursor,
  isOffset,
  type NearestId,
  type RecordStore,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertVector,
} from '@kioku/vector-store-base';
import { ChromaServerClient, type ChromaClientOptions } from './chroma-client';
import { ChromaCollections, type CollectionHandle } from './chroma-collections';
import { type MetadataWrite } from './chroma-json';
import {
  copyRecord,
  includeFor,
  keepMatching,
  matchesOf,
  rowsOf,
  whereDocumentOf,
  whereOf,
  type Include,
} from './chroma-rows';
import { translateFilter, translateText, type TranslatedFilter } from './chroma-where.translator';

export type ChromaRecordStoreOptions = ChromaClientOptions;
export { DIMENSION_METADATA_KEY } from './chroma-collections';

const WRITE_BATCH = 1_000;
const SCAN_PAGE = 5_000;

export class ChromaRecordStore implements RecordStore {
  readonly backend = 'chroma';

  private readonly server: ChromaServerClient;
  private readonly collections: ChromaCollections;

  constructor(options: ChromaRecordStoreOptions) {
    this.server = new ChromaServerClient(options);
    this.collections = new ChromaCollections(this.server);
  }

  /** The server address without credentials. */
  get url(): string {
    return this.server.connection.displayUrl;
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

  updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    return this.collections.updateMetadata(name, metadata);
  }

  deleteCollection(name: string): Promise<void> {
    return this.collections.delete(name);
  }

  async upsert(collectionName: string, records: VectorRecord[], options: UpsertOptions = {}): Promise<void> {
    records.forEach(assertRecordShape);
    await this.collections.withCollection(collectionName, async (handle) => {
      for (const record of records) assertVector(collectionName, handle.dimension, record.vector);
      const latest = new Map(records.map((record) => [record.id, record]));
      for (const chunk of chunked([...latest.values()], WRITE_BATCH)) {
        const ids = chunk.map((record) => record.id);
        // Chroma merges metadata on upsert: keys the new version lacks must be sent as null to go away.
        const oldKeys = new Map<string, string[]>();
        if (!options.noStaleKeys) {
          const old = await this.server.request(
            () => handle.collection.get({ ids, include: ['metadatas'] }),
            true,
          );
          old.ids.forEach((id, i) => oldKeys.set(id, Object.keys(old.metadatas[i] ?? {})));
        }
        const metadatas = chunk.map((record) => {
          const write: MetadataWrite = { ...record.metadata };
          for (const key of oldKeys.get(record.id) ?? []) if (!(key in record.metadata)) write[key] = null;
          return write;
        });
        await this.server.request(
          () =>
            this.server.writeRecords(handle.collection, 'upsert', {
              ids,
              embeddings: chunk.map((record) => record.vector),
              metadatas,
              documents: chunk.map((record) => record.document),
            }),
          false,
        );
      }
    });
  }

  /** Chroma's `add` keeps the stored version of an existing id (verified on the 1.0 server: the first add wins for every reader). */
  async insertNew(collectionName: string, records: VectorRecord[]): Promise<void> {
    records.forEach(assertRecordShape);
    await this.collections.withCollection(collectionName, async (handle) => {
      for (const record of records) assertVector(collectionName, handle.dimension, record.vector);
      const firstOfEach = new Map<string, VectorRecord>();
      for (const record of records) if (!firstOfEach.has(record.id)) firstOfEach.set(record.id, record);
      for (const chunk of chunked([...firstOfEach.values()], WRITE_BATCH)) {
        await this.server.request(
          () =>
            this.server.writeRecords(handle.collection, 'add', {
              ids: chunk.map((record) => record.id),
              embeddings: chunk.map((record) => record.vector),
              metadatas: chunk.map((record) => ({ ...record.metadata })),
              documents: chunk.map((record) => record.document),
            }),
          false,
        );
      }
    });
  }

  async patchMetadata(collectionName: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    for (const patch of patches) assertMetadata(patch.metadata);
    await this.collections.withCollection(collectionName, async (handle) => {
      const merged = new Map<string, Metadata>();
      for (const patch of patches) merged.set(patch.id, { ...merged.get(patch.id), ...patch.metadata });
      const entries = [...merged].filter(([, metadata]) => Object.keys(metadata).length > 0);
      for (const chunk of chunked(entries, WRITE_BATCH)) {
        // Chroma's update merges the given keys into the record's metadata and ignores unknown ids.
        await this.server.request(
          () =>
            this.server.writeRecords(handle.collection, 'update', {
              ids: chunk.map(([id]) => id),
              metadatas: chunk.map(([, metadata]) => metadata),
            }),
          false,
        );
      }
    });
  }

  async get(
    collectionName: string,
    ids: string[],
    options: { includeVectors?: boolean } = {},
  ): Promise<StoredRecord[]> {
    return this.collections.withCollection(collectionName, async (handle) => {
      if (ids.length === 0) return [];
      const include = includeFor(options.includeVectors === true);
      const found = new Map<string, StoredRecord>();
      for (const chunk of chunked([...new Set(ids)], SCAN_PAGE)) {
        const result = await this.server.request(() => handle.collection.get({ ids: chunk, include }), true);
        for (const row of rowsOf(result)) found.set(row.id, row);
      }
      return ids.flatMap((id) => {
        const row = found.get(id);
        return row ? [copyRecord(row)] : [];
      });
    });
  }

  async existingIds(collectionName: string, ids: string[]): Promise<string[]> {
    return this.collections.withCollection(collectionName, async (handle) => {
      const unique = [...new Set(ids)];
      const found = new Set<string>();
      for (const chunk of chunked(unique, SCAN_PAGE)) {
        const result = await this.server.request(
          () => handle.collection.get({ ids: chunk, include: [] }),
          true,
        );
        for (const id of result.ids) found.add(id);
      }
      return unique.filter((id) => found.has(id));
    });
  }

  async find(collectionName: string, request: FindRequest): Promise<Page> {
    assertLimit(request.limit);
    const offset = request.cursor === undefined ? 0 : decodeCursor(request.cursor, isOffset);
    return this.collections.withCollection(collectionName, async (handle) => {
      const filter = translateFilter(request.filter);
      const text = translateText(request.text);
      if (filter.kind === 'none' || text.kind === 'none') return { records: [] };
      const result = await this.server.request(
        () =>
          handle.collection.get({
            where: whereOf(filter),
            whereDocument: whereDocumentOf(text),
            limit: request.limit,
            offset,
            include: includeFor(request.includeVectors === true),
          }),
        true,
      );
      const rows = rowsOf(result);
      const records = keepMatching(rows, request.filter, filter);
      return rows.length === request.limit
        ? { records, nextCursor: encodeCursor(offset + rows.length) }
        : { records };
    });
  }

  query(collectionName: string, request: QueryRequest): Promise<QueryMatch[]> {
    const include: Include[] = ['metadatas', 'documents', 'distances'];
    if (request.includeVectors) include.push('embeddings');
    return this.nearest(collectionName, request, () => include);
  }

  /** Reads back only what an inexact filter is re-checked on (the metadata), or nothing. */
  async nearestIds(collectionName: string, request: QueryRequest): Promise<NearestId[]> {
    const matches = await this.nearest(collectionName, request, (exact) =>
      exact ? ['distances'] : ['metadatas', 'distances'],
    );
    return matches.map(({ id, distance }) => ({ id, distance }));
  }

  private async nearest(
    collectionName: string,
    request: QueryRequest,
    includeOf: (exactFilter: boolean) => Include[],
  ): Promise<QueryMatch[]> {
    assertLimit(request.limit);
    return this.collections.withCollection(collectionName, async (handle) => {
      assertVector(collectionName, handle.dimension, request.vector);
      const filter = translateFilter(request.filter);
      const text = translateText(request.text);
      if (filter.kind === 'none' || text.kind === 'none') return [];
      const exact = filter.exact;
      const include = includeOf(exact);
      // An inexact filter is re-checked here, so ask for more until enough survive or the server runs out.
      let asked = exact ? request.limit : request.limit * 2;
      for (;;) {
        const nResults = asked;
        const result = await this.server.request(
          () =>
            handle.collection.query({
              queryEmbeddings: [request.vector],
              nResults,
              where: whereOf(filter),
              whereDocument: whereDocumentOf(text),
              include,
            }),
          true,
        );
        const rows = matchesOf(result);
        const kept = keepMatching(rows, request.filter, filter);
        if (kept.length >= request.limit || rows.length < nResults) return kept.slice(0, request.limit);
        asked *= 4;
      }
    });
  }

  /**
   * Requests without a filter and with the same limit and fields go to the server in one query with
   * every vector (Chroma answers each in the same order); any other set is queried one by one.
   */
  async queryMany(collectionName: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    const [first] = requests;
    const together =
      first !== undefined &&
      requests.every(
        (r) =>
          r.filter === undefined &&
          r.text === undefined &&
          r.limit === first.limit &&
          r.includeVectors === first.includeVectors,
      );
    if (!together) return Promise.all(requests.map((request) => this.query(collectionName, request)));
    assertLimit(first.limit);
    return this.collections.withCollection(collectionName, async (handle) => {
      for (const request of requests) assertVector(collectionName, handle.dimension, request.vector);
      const include: Include[] = ['metadatas', 'documents', 'distances'];
      if (first.includeVectors) include.push('embeddings');
      const result = await this.server.request(
        () =>
          handle.collection.query({
            queryEmbeddings: requests.map((r) => r.vector),
            nResults: first.limit,
            include,
          }),
        true,
      );
      return requests.map((_, i) => matchesOf(result, i));
    });
  }

  async count(collectionName: string, filter?: Filter): Promise<number> {
    return this.collections.withCollection(collectionName, async (handle) => {
      const translated = translateFilter(filter);
      if (translated.kind === 'none') return 0;
      if (translated.kind === 'all' && translated.exact) {
        return this.server.request(() => handle.collection.count(), true);
      }
      let total = 0;
      await this.scan(handle, translated, filter, (records) => {
        total += records.length;
      });
      return total;
    });
  }

  async delete(collectionName: string, ids: string[]): Promise<void> {
    await this.collections.withCollection(collectionName, async (handle) => {
      for (const chunk of chunked([...new Set(ids)], SCAN_PAGE)) {
        await this.server.request(() => handle.collection.delete({ ids: chunk }), false);
      }
    });
  }

  async deleteWhere(collectionName: string, filter: Filter): Promise<void> {
    await this.collections.withCollection(collectionName, async (handle) => {
      const translated = translateFilter(filter);
      if (translated.kind === 'none') return;
      if (translated.kind === 'where' && translated.exact) {
        const where = translated.where as Where;
        await this.server.request(() => handle.collection.delete({ where }), false);
        return;
      }
      const ids: string[] = [];
      await this.scan(handle, translated, filter, (records) => ids.push(...records.map((r) => r.id)));
      for (const chunk of chunked(ids, SCAN_PAGE)) {
        await this.server.request(() => handle.collection.delete({ ids: chunk }), false);
      }
    });
  }

  /** Visits every record the translated filter selects, re-checking inexact filters, a page at a time. */
  private async scan(
    handle: CollectionHandle,
    translated: Exclude<TranslatedFilter, { kind: 'none' }>,
    filter: Filter | undefined,
    visit: (records: StoredRecord[]) => void,
  ): Promise<void> {
    const include: Include[] = translated.exact ? [] : ['metadatas'];
    for (let offset = 0; ; offset += SCAN_PAGE) {
      const result = await this.server.request(
        () =>
          handle.collection.get({
            where: whereOf(translated),
            limit: SCAN_PAGE,
            offset,
            include,
          }),
        true,
      );
      const rows = rowsOf(result);
      visit(keepMatching(rows, filter, translated));
      if (rows.length < SCAN_PAGE) return;
    }
  }
}
