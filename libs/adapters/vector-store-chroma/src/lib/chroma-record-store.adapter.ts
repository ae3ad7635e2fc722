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
 */
import { ChromaClient, type Collection, type GetResult, type Where, type WhereDocument } from 'chromadb';
import { AppError, type Logger } from '@kioku/kernel';
import {
  matchesFilter,
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type FindRequest,
  type Metadata,
  type MetadataValue,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
  type VectorRecord,
  type UpsertOptions,
  type RecordStore,
  assertCollectionName,
  assertDimension,
  assertLimit,
  assertMetadata,
  assertRecordShape,
  assertVector,
} from '@kioku/vector-store';
import { parseChromaUrl, type ChromaConnection } from './chroma-connection';
import {
  ChromaHttpError,
  ChromaTimeoutError,
  classifyChromaError,
  chromaRetryDelayMs,
  toStoreError,
} from './chroma-errors';
import { unixSocketFetchOptions } from './unix-socket-dispatcher';
import { recordWriteJson, type MetadataWrite, type RecordWriteBody } from './chroma-json';
import {
  translateFilter,
  translateText,
  type TranslatedFilter,
  type TranslatedText,
} from './chroma-where.translator';

export interface ChromaRecordStoreOptions {
  /** e.g. `http://127.0.0.1:8000`; `user:password@` becomes a basic-auth header. */
  url: string;
  /** Per-request timeout in ms (default 15 000). */
  requestTimeoutMs?: number;
  /** Reach the server through this Unix socket instead of the URL's host and port (embedded server). */
  socketPath?: string;
  logger?: Logger;
}

/** Collection-metadata key that records the vector dimension. */
export const DIMENSION_METADATA_KEY = 'kioku_dimension';

const WRITE_BATCH = 1_000;
const SCAN_PAGE = 5_000;

type Include = 'distances' | 'documents' | 'embeddings' | 'metadatas';

interface CollectionHandle {
  collection: Collection;
  /** 0 when unknown (collection created outside kioku and still empty). */
  dimension: number;
}

export class ChromaRecordStore implements RecordStore {
  readonly backend = 'chroma';

  private readonly connection: ChromaConnection;
  private readonly client: ChromaClient;
  private readonly timeoutMs: number;
  private readonly fetchOptions: RequestInit;
  private readonly logger?: Logger;
  private readonly handles = new Map<string, Promise<CollectionHandle>>();

  constructor(options: ChromaRecordStoreOptions) {
    this.connection = parseChromaUrl(options.url);
    this.timeoutMs = options.requestTimeoutMs ?? 15_000;
    this.logger = options.logger;
    this.fetchOptions = options.socketPath ? unixSocketFetchOptions(options.socketPath) : {};
    this.client = new ChromaClient({
      host: this.connection.host,
      port: this.connection.port,
      ssl: this.connection.ssl,
      headers: this.connection.headers,
      fetchOptions: this.fetchOptions,
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
    assertUserCollectionMetadata(metadata);
    try {
      const existing = await this.lookup(name);
      if (existing) return infoOf(name, existing);
      const collection = await this.request(
        () =>
          this.client.getOrCreateCollection({
            name,
            embeddingFunction: null,
            configuration: { hnsw: { space: 'cosine' } },
            metadata: { ...metadata, [DIMENSION_METADATA_KEY]: spec.dimension },
          }),
        true,
      );
      let handle = await this.toHandle(collection);
      if (handle.dimension === 0) handle = await this.recordDimension(handle, spec.dimension);
      this.handles.set(name, Promise.resolve(handle));
      return infoOf(name, handle);
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  async describeCollection(name: string): Promise<CollectionInfo | null> {
    try {
      const handle = await this.lookup(name);
      return handle ? infoOf(name, handle) : null;
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  async updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    assertUserCollectionMetadata(metadata);
    try {
      // Chroma replaces collection metadata as a whole: read, merge, write.
      const handle = await this.lookup(name);
      if (!handle) throw new ChromaHttpError(404, 'collection not found');
      const merged = {
        ...(handle.collection.metadata ?? {}),
        ...metadata,
        [DIMENSION_METADATA_KEY]: handle.dimension,
      };
      await this.request(() => handle.collection.modify({ metadata: merged }), false);
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  async deleteCollection(name: string): Promise<void> {
    this.handles.delete(name);
    try {
      await this.request(() => this.client.deleteCollection({ name }), false);
    } catch (error) {
      if (classifyChromaError(error) === 'not-found') return;
      throw toStoreError(error, name);
    } finally {
      this.handles.delete(name);
    }
  }

  async upsert(collectionName: string, records: VectorRecord[], options: UpsertOptions = {}): Promise<void> {
    records.forEach(assertRecordShape);
    await this.withCollection(collectionName, async (handle) => {
      for (const record of records) assertVector(collectionName, handle.dimension, record.vector);
      const latest = new Map(records.map((record) => [record.id, record]));
      for (const chunk of chunked([...latest.values()], WRITE_BATCH)) {
        const ids = chunk.map((record) => record.id);
        // Chroma merges metadata on upsert: keys the new version lacks must be sent as null to go away.
        const oldKeys = new Map<string, string[]>();
        if (!options.noStaleKeys) {
          const old = await this.request(() => handle.collection.get({ ids, include: ['metadatas'] }), true);
          old.ids.forEach((id, i) => oldKeys.set(id, Object.keys(old.metadatas[i] ?? {})));
        }
        const metadatas = chunk.map((record) => {
          const write: MetadataWrite = { ...record.metadata };
          for (const key of oldKeys.get(record.id) ?? []) if (!(key in record.metadata)) write[key] = null;
          return write;
        });
        await this.request(
          () =>
            this.writeRecords(handle, 'upsert', {
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
    await this.withCollection(collectionName, async (handle) => {
      for (const record of records) assertVector(collectionName, handle.dimension, record.vector);
      const firstOfEach = new Map<string, VectorRecord>();
      for (const record of records) if (!firstOfEach.has(record.id)) firstOfEach.set(record.id, record);
      for (const chunk of chunked([...firstOfEach.values()], WRITE_BATCH)) {
        await this.request(
          () =>
            this.writeRecords(handle, 'add', {
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
    await this.withCollection(collectionName, async (handle) => {
      const merged = new Map<string, Metadata>();
      for (const patch of patches) merged.set(patch.id, { ...merged.get(patch.id), ...patch.metadata });
      const entries = [...merged].filter(([, metadata]) => Object.keys(metadata).length > 0);
      for (const chunk of chunked(entries, WRITE_BATCH)) {
        // Chroma's update merges the given keys into the record's metadata and ignores unknown ids.
        await this.request(
          () =>
            this.writeRecords(handle, 'update', {
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
    return this.withCollection(collectionName, async (handle) => {
      if (ids.length === 0) return [];
      const include = includeFor(options.includeVectors === true);
      const found = new Map<string, StoredRecord>();
      for (const chunk of chunked([...new Set(ids)], SCAN_PAGE)) {
        const result = await this.request(() => handle.collection.get({ ids: chunk, include }), true);
        for (const row of rowsOf(result)) found.set(row.id, row);
      }
      return ids.flatMap((id) => {
        const row = found.get(id);
        return row ? [copyRecord(row)] : [];
      });
    });
  }

  async find(collectionName: string, request: FindRequest): Promise<Page> {
    assertLimit(request.limit);
    const offset = request.cursor === undefined ? 0 : decodeCursor(request.cursor);
    return this.withCollection(collectionName, async (handle) => {
      const filter = translateFilter(request.filter);
      const text = translateText(request.text);
      if (filter.kind === 'none' || text.kind === 'none') return { records: [] };
      const result = await this.request(
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

  async query(collectionName: string, request: QueryRequest): Promise<QueryMatch[]> {
    assertLimit(request.limit);
    return this.withCollection(collectionName, async (handle) => {
      assertVector(collectionName, handle.dimension, request.vector);
      const filter = translateFilter(request.filter);
      const text = translateText(request.text);
      if (filter.kind === 'none' || text.kind === 'none') return [];
      const exact = filter.exact;
      const include: Include[] = ['metadatas', 'documents', 'distances'];
      if (request.includeVectors) include.push('embeddings');
      // An inexact filter is re-checked here, so ask for more until enough survive or the server runs out.
      let asked = exact ? request.limit : request.limit * 2;
      for (;;) {
        const nResults = asked;
        const result = await this.request(
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

  async count(collectionName: string, filter?: Filter): Promise<number> {
    return this.withCollection(collectionName, async (handle) => {
      const translated = translateFilter(filter);
      if (translated.kind === 'none') return 0;
      if (translated.kind === 'all' && translated.exact) {
        return this.request(() => handle.collection.count(), true);
      }
      let total = 0;
      await this.scan(handle, translated, filter, (records) => {
        total += records.length;
      });
      return total;
    });
  }

  async delete(collectionName: string, ids: string[]): Promise<void> {
    await this.withCollection(collectionName, async (handle) => {
      for (const chunk of chunked([...new Set(ids)], SCAN_PAGE)) {
        await this.request(() => handle.collection.delete({ ids: chunk }), false);
      }
    });
  }

  async deleteWhere(collectionName: string, filter: Filter): Promise<void> {
    await this.withCollection(collectionName, async (handle) => {
      const translated = translateFilter(filter);
      if (translated.kind === 'none') return;
      if (translated.kind === 'where' && translated.exact) {
        const where = translated.where as Where;
        await this.request(() => handle.collection.delete({ where }), false);
        return;
      }
      const ids: string[] = [];
      await this.scan(handle, translated, filter, (records) => ids.push(...records.map((r) => r.id)));
      for (const chunk of chunked(ids, SCAN_PAGE)) {
        await this.request(() => handle.collection.delete({ ids: chunk }), false);
      }
    });
  }

  /** Runs `operation` on the collection, refreshing a stale cached handle once (collection re-created elsewhere). */
  private async withCollection<T>(
    name: string,
    operation: (handle: CollectionHandle) => Promise<T>,
  ): Promise<T> {
    try {
      const handle = await this.handle(name);
      try {
        return await operation(handle);
      } catch (error) {
        if (classifyChromaError(error) !== 'not-found') throw error;
        this.handles.delete(name);
        const fresh = await this.handle(name);
        if (fresh.collection.id === handle.collection.id) throw error;
        return await operation(fresh);
      }
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  /** The cached handle, or a fresh one; rejects with Chroma's not-found error when missing. */
  private handle(name: string): Promise<CollectionHandle> {
    let pending = this.handles.get(name);
    if (!pending) {
      pending = this.request(() => this.client.getCollection({ name }), true).then((c) => this.toHandle(c));
      this.handles.set(name, pending);
      pending.catch(() => {
        if (this.handles.get(name) === pending) this.handles.delete(name);
      });
    }
    return pending;
  }

  /** A fresh handle (refreshing the cache), or null when the collection does not exist. */
  private async lookup(name: string): Promise<CollectionHandle | null> {
    try {
      const handle = await this.toHandle(await this.request(() => this.client.getCollection({ name }), true));
      this.handles.set(name, Promise.resolve(handle));
      return handle;
    } catch (error) {
      if (classifyChromaError(error) === 'not-found') {
        this.handles.delete(name);
        return null;
      }
      throw error;
    }
  }

  private async toHandle(collection: Collection): Promise<CollectionHandle> {
    const recorded = collection.metadata?.[DIMENSION_METADATA_KEY];
    if (typeof recorded === 'number' && recorded > 0) return { collection, dimension: recorded };
    const sample = await this.request(() => collection.get({ limit: 1, include: ['embeddings'] }), true);
    return { collection, dimension: sample.embeddings[0]?.length ?? 0 };
  }

  /** Writes the dimension into a collection that lacks it (one created outside kioku). */
  private async recordDimension(handle: CollectionHandle, dimension: number): Promise<CollectionHandle> {
    const metadata = { ...(handle.collection.metadata ?? {}), [DIMENSION_METADATA_KEY]: dimension };
    await this.request(() => handle.collection.modify({ metadata }), false);
    return { collection: handle.collection, dimension };
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
      const result = await this.request(
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

  private async writeRecords(
    handle: CollectionHandle,
    action: 'add' | 'upsert' | 'update',
    body: RecordWriteBody,
  ): Promise<void> {
    const { collection } = handle;
    const path = [
      'api',
      'v2',
      'tenants',
      collection.tenant,
      'databases',
      collection.database,
      'collections',
      collection.id,
      action,
    ]
      .map(encodeURIComponent)
      .join('/');
    const response = await fetch(`${this.connection.baseUrl}/${path}`, {
      ...this.fetchOptions,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.connection.headers },
      body: recordWriteJson(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (response.ok) {
      await response.arrayBuffer();
      return;
    }
    throw new ChromaHttpError(response.status, await serverMessageOf(response));
  }

  /** Runs one Chroma call with the request timeout; idempotent calls are retried after a transient failure (see chromaRetryDelayMs). */
  private async request<T>(call: () => Promise<T>, idempotent: boolean): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withTimeout(call(), this.timeoutMs);
      } catch (error) {
        const wait = idempotent ? chromaRetryDelayMs(error, attempt) : undefined;
        if (wait === undefined) throw error;
        this.logger?.debug('vector_store.chroma.retry', { url: this.connection.displayUrl, attempt });
        await delay(wait);
      }
    }
  }
}

function infoOf(name: string, handle: CollectionHandle): CollectionInfo {
  const metadata: Metadata = {};
  for (const [key, value] of Object.entries(handle.collection.metadata ?? {})) {
    if (key !== DIMENSION_METADATA_KEY && isScalar(value)) metadata[key] = value;
  }
  return { name, dimension: handle.dimension, metadata };
}

function assertUserCollectionMetadata(metadata: Metadata): void {
  assertMetadata(metadata);
  if (DIMENSION_METADATA_KEY in metadata) {
    throw AppError.invalidInput(`The collection metadata key "${DIMENSION_METADATA_KEY}" is reserved.`);
  }
}

function whereOf(translated: TranslatedFilter): Where | undefined {
  return translated.kind === 'where' ? (translated.where as Where) : undefined;
}

function whereDocumentOf(translated: TranslatedText): WhereDocument | undefined {
  return translated.kind === 'where' ? (translated.whereDocument as WhereDocument) : undefined;
}

function includeFor(includeVectors: boolean): Include[] {
  return includeVectors ? ['metadatas', 'documents', 'embeddings'] : ['metadatas', 'documents'];
}

function rowsOf(result: GetResult): StoredRecord[] {
  const withVectors = result.include.includes('embeddings');
  return result.ids.map((id, i) => {
    const row: StoredRecord = {
      id,
      metadata: metadataOf(result.metadatas[i]),
      document: result.documents[i] ?? '',
    };
    if (withVectors && result.embeddings[i]) row.vector = Array.from(result.embeddings[i]);
    return row;
  });
}

function matchesOf(result: {
  ids: string[][];
  distances: (number | null)[][];
  metadatas: (Record<string, unknown> | null)[][];
  documents: (string | null)[][];
  embeddings: (number[] | null)[][];
  include: string[];
}): QueryMatch[] {
  const withVectors = result.include.includes('embeddings');
  return (result.ids[0] ?? []).map((id, i) => {
    const match: QueryMatch = {
      id,
      metadata: metadataOf(result.metadatas[0]?.[i]),
      document: result.documents[0]?.[i] ?? '',
      distance: clampDistance(result.distances[0]?.[i] ?? 2),
    };
    const vector = result.embeddings[0]?.[i];
    if (withVectors && vector) match.vector = Array.from(vector);
    return match;
  });
}

function keepMatching<T extends StoredRecord>(
  rows: T[],
  filter: Filter | undefined,
  translated: TranslatedFilter,
): T[] {
  if (translated.kind === 'none') return [];
  if (translated.exact || filter === undefined) return rows;
  return rows.filter((row) => matchesFilter(filter, row.metadata));
}

function metadataOf(raw: Record<string, unknown> | null | undefined): Metadata {
  const metadata: Metadata = {};
  for (const [key, value] of Object.entries(raw ?? {})) if (isScalar(value)) metadata[key] = value;
  return metadata;
}

function isScalar(value: unknown): value is MetadataValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function copyRecord(record: StoredRecord): StoredRecord {
  const copy: StoredRecord = { id: record.id, metadata: { ...record.metadata }, document: record.document };
  if (record.vector) copy.vector = record.vector.slice();
  return copy;
}

/** Chroma reports `1 − cos` in float32, so an identical vector can come back as −2e−7. */
function clampDistance(distance: number): number {
  return Math.min(2, Math.max(0, distance));
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const offset = (parsed as { offset?: unknown } | null)?.offset;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through to the error below
  }
  throw AppError.invalidInput('The paging cursor is not valid.');
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

async function serverMessageOf(response: Response): Promise<string> {
  try {
    const text = await response.text();
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
    return typeof parsed.error === 'string' ? parsed.error : '';
  } catch {
    return '';
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChromaTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
