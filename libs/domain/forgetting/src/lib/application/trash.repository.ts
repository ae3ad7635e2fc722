/**
 * The trash of a namespace, through the vector-store port: one record per deleted memory holding
 * the memory's metadata, its vector (so restore never re-embeds) and a snapshot of its links.
 */
import { inject, injectable } from 'inversify';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { isLinkType, type Link } from '@kioku/links';
import { fromRecord, toDocument, toMetadata } from '@kioku/memory';
import {
  CollectionGenerations,
  collectionKindTag,
  NamespaceCollections,
  type ReembeddableCollection,
} from '@kioku/namespace-storage';
import {
  VECTOR_STORE_TOKENS,
  where,
  type CollectionSpec,
  type StoredRecord,
  type VectorStore,
} from '@kioku/vector-store';
import { DELETION_REASONS, type DeletionReason, type TrashEntry } from '../domain/trash-entry';

const PAGE_SIZE = 200;

/** The trash holds vectors of the namespace's model (restore never re-embeds). */
function trashCollectionSpec(_modelId: string, dimension: number): CollectionSpec {
  return { dimension, metadata: { kind: collectionKindTag('trash') } };
}

/** The trash follows the memories into each new generation (registered by forgettingModule). */
export const TRASH_COLLECTION: ReembeddableCollection = { kind: 'trash', spec: trashCollectionSpec };

@injectable()
export class TrashRepository {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(NamespaceCollections) private readonly collections: NamespaceCollections,
    @inject(CollectionGenerations) private readonly generations: CollectionGenerations,
  ) {}

  async put(namespace: string, entry: TrashEntry): Promise<void> {
    await this.store.upsert(await this.collection(namespace), [
      {
        id: entry.memory.id,
        vector: entry.vector,
        document: toDocument(entry.memory),
        metadata: {
          ...toMetadata(entry.memory),
          deletedAt: entry.deletedAt,
          deletedAtMs: Date.parse(entry.deletedAt),
          reason: entry.reason,
          links: JSON.stringify(entry.links),
          restoring: entry.restoring,
        },
      },
    ]);
  }

  async get(namespace: string, memoryId: string): Promise<TrashEntry | null> {
    const [record] = await this.store.get(await this.collection(namespace), [memoryId], {
      includeVectors: true,
    });
    return record ? fromTrashRecord(record) : null;
  }

  async markRestoring(namespace: string, memoryId: string): Promise<void> {
    await this.store.patchMetadata(await this.collection(namespace), [
      { id: memoryId, metadata: { restoring: true } },
    ]);
  }

  async delete(namespace: string, memoryIds: string[]): Promise<void> {
    if (memoryIds.length === 0) return;
    await this.store.delete(await this.collection(namespace), memoryIds);
  }

  /** Removes entries deleted before the cutoff; returns how many there were. */
  async purgeDeletedBefore(namespace: string, cutoff: Date): Promise<number> {
    const collection = await this.collection(namespace);
    const filter = where.lt('deletedAtMs', cutoff.getTime());
    const count = await this.store.count(collection, filter);
    if (count > 0) await this.store.deleteWhere(collection, filter);
    return count;
  }

  /** Every entry, page by page; `vector` is empty unless `withVectors` (the integrity check needs none). */
  async *all(namespace: string, options: { withVectors?: boolean } = {}): AsyncGenerator<TrashEntry> {
    const collection = await this.collection(namespace);
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, {
        limit: PAGE_SIZE,
        cursor,
        includeVectors: options.withVectors === true,
      });
      for (const record of page.records) {
        const entry = fromTrashRecord(record);
        if (entry) yield entry;
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  private async collection(namespace: string): Promise<string> {
    const { modelId, dimension } = this.embeddings;
    return this.collections.open(
      await this.generations.currentName(namespace, 'trash'),
      trashCollectionSpec(modelId, dimension),
    );
  }
}

function fromTrashRecord(record: StoredRecord): TrashEntry | null {
  const memory = fromRecord(record);
  if (!memory) return null;
  const m = record.metadata;
  const reason = DELETION_REASONS.includes(m.reason as DeletionReason)
    ? (m.reason as DeletionReason)
    : 'forget';
  return {
    memory,
    vector: record.vector ?? [],
    links: parseLinks(m.links),
    deletedAt: typeof m.deletedAt === 'string' ? m.deletedAt : new Date(0).toISOString(),
    reason,
    restoring: m.restoring === true,
  };
}

function parseLinks(value: unknown): Link[] {
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (l): l is Link =>
        !!l &&
        typeof l === 'object' &&
        typeof (l as Link).sourceId === 'string' &&
        typeof (l as Link).targetId === 'string' &&
        isLinkType((l as Link).type),
    );
  } catch {
    return [];
  }
}
