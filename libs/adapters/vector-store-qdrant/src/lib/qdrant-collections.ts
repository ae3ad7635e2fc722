/**
 * Qdrant collections for the adapter: creating and describing them, their metadata, their payload
 * indexes and sparse vector, and a per-process cache of what each collection is (dimension, distance,
 * lexical) so that record operations need no extra request.
 *
 * - `ensure` is idempotent across processes: "already exists" counts as success, and a creation whose
 *   answer was lost is settled by reading the collection (a cluster applies creation through consensus,
 *   so a peer may need a moment).
 * - Collection-level metadata lives in Qdrant's collection metadata (Qdrant 1.16+), created atomically
 *   with the collection; the dimension is the vector size.
 */
import type { Schemas } from '@qdrant/js-client-rest';
import { AppError, delay } from '@kioku/kernel';
import { CollectionNotFoundError, type CollectionInfo, type Metadata } from '@kioku/vector-store';
import {
  assertCollectionName,
  assertDimension,
  assertMetadata,
  assertVector,
} from '@kioku/vector-store-base';
import { classifyQdrantError, isTransient, toStoreError } from './qdrant.errors';
import type { QdrantLexicalIndex } from './qdrant-lexical-index';
import type { ResolvedQdrantOptions } from './qdrant-options';
import { missingPayloadIndexes } from './qdrant-payload-indexes';
import type { QdrantRest } from './qdrant-rest';
import { TEXT_VECTOR, TEXT_VECTOR_PARAMS } from './qdrant-sparse-vector.encoder';

/** What record operations need to know about a collection. */
export interface CollectionHandle {
  /** 0 when unknown (a collection with named vectors, not created by kioku). */
  dimension: number;
  distance: string | undefined;
  /** The collection has the sparse `text` vector (a lexical index). */
  lexical: boolean;
}

type RawCollectionInfo = Schemas['CollectionInfo'];

/** Attempts to see a just-created collection (a cluster applies it through consensus). */
const CREATED_COLLECTION_READS = 5;

export class QdrantCollections {
  private readonly handles = new Map<string, Promise<CollectionHandle>>();
  private readonly ensuring = new Map<string, Promise<CollectionInfo>>();

  constructor(
    private readonly rest: QdrantRest,
    private readonly lexical: QdrantLexicalIndex,
    private readonly options: ResolvedQdrantOptions,
  ) {}

  async ensure(name: string, spec: { dimension: number; metadata?: Metadata; lexical?: boolean }) {
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

  /** Every collection's name (one request: Qdrant lists them all). */
  async list(): Promise<string[]> {
    try {
      const result = await this.rest.call(() => this.rest.api.getCollections({}));
      return result.collections.map((c) => c.name);
    } catch (error) {
      throw toStoreError(error);
    }
  }

  async describe(name: string): Promise<CollectionInfo | null> {
    try {
      const info = await this.read(name);
      return info ? infoOf(name, info) : null;
    } catch (error) {
      throw toStoreError(error, name);
    }
  }

  /** Merges `metadata` into the collection's (an empty object changes nothing). */
  async updateMetadata(name: string, metadata: Metadata): Promise<void> {
    // Qdrant merges the given keys, but an empty object clears all metadata: send nothing then.
    if (Object.keys(metadata).length === 0) {
      await this.handle(name);
      return;
    }
    await this.rest.call(() => this.rest.api.updateCollection({ collection_name: name, metadata }));
  }

  async delete(name: string): Promise<void> {
    this.forget(name);
    try {
      await this.rest.call(() => this.rest.api.deleteCollection({ collection_name: name }));
    } catch (error) {
      if (classifyQdrantError(error) === 'not-found') return;
      throw toStoreError(error, name);
    } finally {
      this.forget(name);
    }
  }

  /** Whether the collection has the sparse vector, read afresh; CollectionNotFoundError when it is gone. */
  async isLexical(name: string): Promise<boolean> {
    const info = await this.read(name);
    if (!info) throw new CollectionNotFoundError(name);
    return handleOf(info).lexical;
  }

  /** Drops the cached handle (the collection was deleted, re-created or changed elsewhere). */
  forget(name: string): void {
    this.handles.delete(name);
  }

  /** The cached handle, or a fresh one; CollectionNotFoundError when the collection is missing. */
  handle(name: string): Promise<CollectionHandle> {
    let pending = this.handles.get(name);
    if (!pending) {
      pending = this.read(name).then((info) => {
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
  async checkedHandle(name: string, vectors: number[][]): Promise<CollectionHandle> {
    const cached = this.handles.has(name);
    let handle = await this.handle(name);
    const mismatch = (h: CollectionHandle) =>
      h.dimension > 0 && vectors.some((vector) => Array.isArray(vector) && vector.length !== h.dimension);
    if (cached && mismatch(handle)) {
      this.forget(name);
      handle = await this.handle(name);
    }
    for (const vector of vectors) assertVector(name, handle.dimension, vector);
    return handle;
  }

  private async ensureOnce(
    name: string,
    dimension: number,
    metadata: Metadata,
    lexical: boolean,
  ): Promise<CollectionInfo> {
    try {
      let info = await this.read(name);
      let created = false;
      if (!info) {
        let creationError: unknown;
        try {
          created = await this.create(name, dimension, metadata, lexical);
        } catch (error) {
          // A timeout or a dropped connection may hide a success: the reads that follow decide.
          if (!isTransient(classifyQdrantError(error))) throw error;
          creationError = error;
        }
        info = await this.readCreated(name, creationError);
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
    await this.lexical.enable(name, () => this.isLexical(name));
    // Refreshes the cached handle, so that this process's writes carry the sparse vector from now on.
    await this.isLexical(name);
    // Every point written before lacks the encoding marker, so a repair rewrites them all; if it is cut
    // short, the integrity job's repair (or `kioku reindex`) finishes it.
    const report = await this.lexical.reindex(name, { mode: 'repair' });
    this.options.logger?.info('vector_store.qdrant.lexical_index_added', { collection: name, ...report });
  }

  /** Creates the collection; false when another process created it first. */
  private async create(
    name: string,
    dimension: number,
    metadata: Metadata,
    lexical: boolean,
  ): Promise<boolean> {
    const { collectionParams } = this.options;
    try {
      // Sent once, not retried: a lost answer is settled by reading the collection afterwards.
      await this.rest.api.createCollection({
        collection_name: name,
        vectors: { size: dimension, distance: 'Cosine' },
        ...(lexical ? { sparse_vectors: { [TEXT_VECTOR]: { ...TEXT_VECTOR_PARAMS } } } : {}),
        ...collectionParams,
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
      });
      this.options.logger?.info('vector_store.qdrant.collection_created', {
        collection: name,
        dimension,
        lexical,
        ...collectionParams,
      });
      return true;
    } catch (error) {
      if (classifyQdrantError(error) === 'conflict') return false;
      throw error;
    }
  }

  /**
   * Reads a collection that was just created here or elsewhere. When it never shows up, the creation's
   * own error, if any, is the better explanation.
   */
  private async readCreated(name: string, creationError: unknown): Promise<RawCollectionInfo> {
    for (let attempt = 1; ; attempt++) {
      const info = await this.read(name);
      if (info) return info;
      if (attempt >= CREATED_COLLECTION_READS) {
        throw creationError instanceof Error ? creationError : new CollectionNotFoundError(name);
      }
      await delay(this.options.retry.baseDelayMs * attempt);
    }
  }

  private async createMissingIndexes(name: string, info: RawCollectionInfo): Promise<void> {
    const payloadSchema = info.payload_schema as Record<string, { data_type?: string } | undefined>;
    if (payloadSchema['_kioku_document']?.data_type === 'text') {
      this.options.logger?.warn('vector_store.qdrant.document_text_index', {
        collection: name,
        reason: 'a full-text index on _kioku_document makes text filters token-based; drop it',
      });
    }
    for (const { field, schema } of missingPayloadIndexes(payloadSchema)) {
      await this.rest.call(() =>
        this.rest.api.createFieldIndex({
          collection_name: name,
          wait: true,
          ordering: this.options.ordering,
          field_name: field,
          field_schema: schema,
        }),
      );
    }
  }

  /** The raw collection info (refreshing the handle cache), or null when it does not exist. */
  private async read(name: string): Promise<RawCollectionInfo | null> {
    try {
      const info = await this.rest.call(() => this.rest.api.getCollection({ collection_name: name }));
      this.handles.set(name, Promise.resolve(handleOf(info)));
      return info;
    } catch (error) {
      if (classifyQdrantError(error) !== 'not-found') throw error;
      this.forget(name);
      return null;
    }
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
