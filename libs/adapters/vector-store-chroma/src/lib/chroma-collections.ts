/**
 * Chroma collections for the record store: creating, describing, re-describing and deleting them, and
 * a per-process cache of each collection's client handle and dimension.
 *
 * Collections are created in cosine space with no embedding function (kioku always sends vectors).
 * Chroma does not report a collection's dimension before its first record, so the dimension is kept in
 * the collection metadata under `kioku_dimension` (hidden from callers) and checked before any request
 * is sent. A collection deleted and re-created elsewhere is noticed by `withCollection`, which refreshes
 * a stale handle once.
 */
import type { Collection } from 'chromadb';
import { AppError } from '@kioku/kernel';
import { type CollectionInfo, type CollectionSpec, type Metadata } from '@kioku/vector-store';
import { assertCollectionName, assertDimension, assertMetadata } from '@kioku/vector-store-base';
import type { ChromaServerClient } from './chroma-client';
import { ChromaHttpError, classifyChromaError, toStoreError } from './chroma.errors';
import { isScalar } from './chroma-rows';

const LIST_PAGE = 100;

/** Collection-metadata key that records the vector dimension. */
export const DIMENSION_METADATA_KEY = 'kioku_dimension';

/** A collection as the record operations use it. */
export interface CollectionHandle {
  collection: Collection;
  /** 0 when unknown (collection created outside kioku and still empty). */
  dimension: number;
}

export class ChromaCollections {
  private readonly handles = new Map<string, Promise<CollectionHandle>>();

  constructor(private readonly server: ChromaServerClient) {}

  async ensure(name: string, spec: CollectionSpec): Promise<CollectionInfo> {
    assertCollectionName(name);
    assertDimension(spec.dimension);
    const metadata = spec.metadata ?? {};
    assertUserCollectionMetadata(metadata);
    try {
      const existing = await this.lookup(name);
      if (existing) return infoOf(name, existing);
      const collection = await this.server.request(
        () =>
          this.server.client.getOrCreateCollection({
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

  /** Every collection's name, read a page of 100 at a time (Chroma's default page). */
  async list(): Promise<string[]> {
    const names: string[] = [];
    for (let offset = 0; ; offset += LIST_PAGE) {
      const page = await this.server.request(
        () => this.server.client.listCollections({ limit: LIST_PAGE, offset }),
        true,
      );
      names.push(...page.map((c) => c.name));
      if (page.length < LIST_PAGE) return names;
    }
  }

  async describe(name: string): Promise<CollectionInfo | null> {
    try {
      const handle = await this.lookup(name);
      return handle ? infoOf(name, handle) : null;
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  async updateMetadata(name: string, metadata: Metadata): Promise<void> {
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
      await this.server.request(() => handle.collection.modify({ metadata: merged }), false);
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  async delete(name: string): Promise<void> {
    this.handles.delete(name);
    try {
      await this.server.request(() => this.server.client.deleteCollection({ name }), false);
    } catch (error) {
      if (classifyChromaError(error) === 'not-found') return;
      throw toStoreError(error, name);
    } finally {
      this.handles.delete(name);
    }
  }

  /**
   * Runs `operation` on the collection, refreshing a stale cached handle once (collection re-created
   * elsewhere); every failure becomes the port's error.
   */
  async withCollection<T>(name: string, operation: (handle: CollectionHandle) => Promise<T>): Promise<T> {
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
      pending = this.server
        .request(() => this.server.client.getCollection({ name }), true)
        .then((c) => this.toHandle(c));
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
      const collection = await this.server.request(() => this.server.client.getCollection({ name }), true);
      const handle = await this.toHandle(collection);
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
    const sample = await this.server.request(
      () => collection.get({ limit: 1, include: ['embeddings'] }),
      true,
    );
    return { collection, dimension: sample.embeddings[0]?.length ?? 0 };
  }

  /** Writes the dimension into a collection that lacks it (one created outside kioku). */
  private async recordDimension(handle: CollectionHandle, dimension: number): Promise<CollectionHandle> {
    const metadata = { ...(handle.collection.metadata ?? {}), [DIMENSION_METADATA_KEY]: dimension };
    await this.server.request(() => handle.collection.modify({ metadata }), false);
    return { collection: handle.collection, dimension };
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
