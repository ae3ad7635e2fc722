/**
 * The records of the `chroma-embedded` store: a ChromaRecordStore pointed at the server that a
 * ChromaServerManager keeps running, which heals itself. The server is started on first use; when an
 * operation fails with StoreUnavailableError (the server died, or another process restarted it on a
 * new port), the store calls `ensureRunning()` once, reconnects and retries the operation once. Every
 * port operation is idempotent, so the retry is safe.
 */
import type { Logger } from '@kioku/kernel';
import {
  StoreUnavailableError,
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type FindRequest,
  type Metadata,
  type Page,
  type QueryMatch,
  type QueryRequest,
  type StoredRecord,
  type UpsertOptions,
  type VectorRecord,
} from '@kioku/vector-store';
import { type NearestId, type RecordStore } from '@kioku/vector-store-base';
import { ChromaRecordStore } from '../chroma-record-store.adapter';
import type { ChromaServerManager } from './chroma-server-manager';

export interface ChromaEmbeddedRecordStoreOptions {
  /** Per-request timeout in ms for the underlying ChromaRecordStore (default 15 000). */
  requestTimeoutMs?: number;
  logger?: Logger;
}

export class ChromaEmbeddedRecordStore implements RecordStore {
  readonly backend = 'chroma';

  private connected?: { url: string; socketPath?: string; store: ChromaRecordStore };

  constructor(
    private readonly manager: ChromaServerManager,
    private readonly options: ChromaEmbeddedRecordStoreOptions = {},
  ) {}

  ensureCollection(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    return this.run((store) => store.ensureCollection(name, spec));
  }

  listCollections(): Promise<string[]> {
    return this.run((store) => store.listCollections());
  }

  describeCollection(name: string): Promise<CollectionInfo | null> {
    return this.run((store) => store.describeCollection(name));
  }

  updateCollectionMetadata(name: string, metadata: Metadata): Promise<void> {
    return this.run((store) => store.updateCollectionMetadata(name, metadata));
  }

  deleteCollection(name: string): Promise<void> {
    return this.run((store) => store.deleteCollection(name));
  }

  upsert(collection: string, records: VectorRecord[], options?: UpsertOptions): Promise<void> {
    return this.run((store) => store.upsert(collection, records, options));
  }

  insertNew(collection: string, records: VectorRecord[]): Promise<void> {
    return this.run((store) => store.insertNew(collection, records));
  }

  patchMetadata(collection: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    return this.run((store) => store.patchMetadata(collection, patches));
  }

  get(collection: string, ids: string[], options?: { includeVectors?: boolean }): Promise<StoredRecord[]> {
    return this.run((store) => store.get(collection, ids, options));
  }

  existingIds(collection: string, ids: string[]): Promise<string[]> {
    return this.run((store) => store.existingIds(collection, ids));
  }

  find(collection: string, request: FindRequest): Promise<Page> {
    return this.run((store) => store.find(collection, request));
  }

  query(collection: string, request: QueryRequest): Promise<QueryMatch[]> {
    return this.run((store) => store.query(collection, request));
  }

  nearestIds(collection: string, request: QueryRequest): Promise<NearestId[]> {
    return this.run((store) => store.nearestIds(collection, request));
  }

  queryMany(collection: string, requests: QueryRequest[]): Promise<QueryMatch[][]> {
    return this.run((store) => store.queryMany(collection, requests));
  }

  count(collection: string, filter?: Filter): Promise<number> {
    return this.run((store) => store.count(collection, filter));
  }

  delete(collection: string, ids: string[]): Promise<void> {
    return this.run((store) => store.delete(collection, ids));
  }

  deleteWhere(collection: string, filter: Filter): Promise<void> {
    return this.run((store) => store.deleteWhere(collection, filter));
  }

  private async run<T>(operation: (store: RecordStore) => Promise<T>): Promise<T> {
    const store = this.storeFor(this.manager.url ?? (await this.manager.ensureRunning()));
    try {
      return await operation(store);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      this.options.logger?.warn('vector_store.chroma_embedded.recovering', {});
      const url = await this.manager.ensureRunning();
      return operation(this.storeFor(url));
    }
  }

  private storeFor(url: string): ChromaRecordStore {
    const socketPath = this.manager.socketPath;
    if (this.connected?.url !== url || this.connected.socketPath !== socketPath) {
      this.connected = {
        url,
        socketPath,
        store: new ChromaRecordStore({
          url,
          socketPath,
          requestTimeoutMs: this.options.requestTimeoutMs,
          logger: this.options.logger,
        }),
      };
    }
    return this.connected.store;
  }
}
