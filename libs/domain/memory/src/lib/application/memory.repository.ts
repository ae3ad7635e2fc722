/**
 * Memories of a namespace in the vector store. Guards the vector space: the memories collection
 * records the embedding model and dimension at creation, and a namespace embedded with another
 * model is refused with a message naming both and the command that re-embeds it (behaviour §3).
 */
import { inject, injectable } from 'inversify';
import { AppError } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import {
  CollectionGenerations,
  NamespaceCollections,
  type ReembeddableCollection,
} from '@kioku/namespace-storage';
import {
  allOf,
  where,
  VECTOR_STORE_TOKENS,
  type CollectionInfo,
  type CollectionSpec,
  type Filter,
  type LexicalIndexReport,
  type Metadata,
  type StoredRecord,
  type VectorStore,
} from '@kioku/vector-store';
import type { Memory } from '../domain/memory';
import { fromRecord, toDocument, toMetadata, withTagKeysOfItsTags } from '../domain/memory-record.codec';

export interface StoredMemory {
  memory: Memory;
  vector: number[];
}

export interface MemoryMatch extends StoredMemory {
  distance: number;
}

export interface LexicalMatch extends StoredMemory {
  /** BM25, higher is better. */
  score: number;
}

export const MODEL_KEY = 'kioku_embedding_model';
export const DIMENSION_KEY = 'kioku_embedding_dimension';

/**
 * How a memories collection is created: the model's vector space, a lexical index of its texts, and
 * copies for reads (recall reads its candidates' thread neighbours by id and its word hits by text).
 */
function memoriesCollectionSpec(modelId: string, dimension: number): CollectionSpec {
  return {
    dimension,
    metadata: { [MODEL_KEY]: modelId, [DIMENSION_KEY]: dimension, kind: 'kioku-memories' },
    lexical: true,
    readCopies: true,
  };
}

/** The memories follow the model into each new generation (registered by memoryModule). */
export const MEMORIES_COLLECTION: ReembeddableCollection = { kind: 'memories', spec: memoriesCollectionSpec };

@injectable()
export class MemoryRepository {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(NamespaceCollections) private readonly collections: NamespaceCollections,
    @inject(CollectionGenerations) private readonly generations: CollectionGenerations,
  ) {}

  /** Creates the namespace's collection or checks that it holds vectors of the configured model. */
  async open(namespace: string): Promise<string> {
    const { modelId, dimension } = this.embeddings;
    return this.collections.open(
      await this.generations.currentName(namespace, 'memories'),
      memoriesCollectionSpec(modelId, dimension),
      (info) => this.checkModel(namespace, info),
    );
  }

  /** Readies the namespace's memories for the first recall (`VectorStore.prepare`), where the store can. */
  async prepare(namespace: string): Promise<void> {
    if (this.store.prepare) await this.store.prepare(await this.open(namespace));
  }

  /** Writes the memory; `isNew` (a freshly generated id) lets the store skip replacing an old version. */
  async save(
    namespace: string,
    memory: Memory,
    vector: number[],
    options: { isNew?: boolean } = {},
  ): Promise<void> {
    await this.saveMany(namespace, [{ memory, vector }], options);
  }

  /** Writes several memories in one upsert (a batch remember); `isNew` as for `save`. */
  async saveMany(
    namespace: string,
    memories: StoredMemory[],
    options: { isNew?: boolean } = {},
  ): Promise<void> {
    if (memories.length === 0) return;
    await this.store.upsert(
      await this.open(namespace),
      memories.map(({ memory, vector }) => ({
        id: memory.id,
        vector,
        metadata: toMetadata(memory),
        document: toDocument(memory),
      })),
      { noStaleKeys: options.isNew === true },
    );
  }

  async get(namespace: string, ids: string[], withVectors = false): Promise<StoredMemory[]> {
    if (ids.length === 0) return [];
    const records = await this.store.get(await this.open(namespace), ids, { includeVectors: withVectors });
    return records.flatMap((r) => {
      const memory = fromRecord(r);
      return memory ? [{ memory, vector: r.vector ?? [] }] : [];
    });
  }

  /** Which of `ids` are stored memories (an existence check that reads no record). */
  async existingIds(namespace: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.store.existingIds(await this.open(namespace), ids);
  }

  async getOne(namespace: string, id: string, withVectors = false): Promise<StoredMemory | null> {
    const [found] = await this.get(namespace, [id], withVectors);
    return found ?? null;
  }

  /**
   * Nearest memories to a vector (ascending distance); their vectors only when asked for (a vector is
   * a few kilobytes of JSON per memory, and the distance is usually all a caller needs).
   */
  async nearest(
    namespace: string,
    vector: number[],
    limit: number,
    filter?: Filter,
    options: { withVectors?: boolean } = {},
  ): Promise<MemoryMatch[]> {
    const matches = await this.store.query(await this.open(namespace), {
      vector,
      limit,
      filter,
      includeVectors: options.withVectors === true,
    });
    return matches.flatMap((m) => {
      const memory = fromRecord(m);
      return memory ? [{ memory, vector: m.vector ?? [], distance: m.distance }] : [];
    });
  }

  /** The nearest memories to each of several vectors, without their vectors, in one store call where it can. */
  async nearestEach(namespace: string, vectors: number[][], limit: number): Promise<MemoryMatch[][]> {
    if (vectors.length === 0) return [];
    const answers = await this.store.queryMany(
      await this.open(namespace),
      vectors.map((vector) => ({ vector, limit })),
    );
    return answers.map((matches) =>
      matches.flatMap((m) => {
        const memory = fromRecord(m);
        return memory ? [{ memory, vector: [], distance: m.distance }] : [];
      }),
    );
  }

  /** The memories whose words best match the text (BM25 over the namespace), best first. */
  async matchingText(
    namespace: string,
    text: string,
    limit: number,
    filter?: Filter,
    options: { withVectors?: boolean } = {},
  ): Promise<LexicalMatch[]> {
    const matches = await this.store.searchText(await this.open(namespace), {
      text,
      limit,
      filter,
      includeVectors: options.withVectors === true,
    });
    return matches.flatMap((m) => {
      const memory = fromRecord(m);
      return memory ? [{ memory, vector: m.vector ?? [], score: m.score }] : [];
    });
  }

  /**
   * The newest memories (by createdAt), without vectors. The store cannot sort, so it reads ever
   * wider time windows (an hour, a day, a week, …, everything) and stops at the first that holds
   * `limit` memories, keeping only the newest `limit` while paging.
   */
  async newest(namespace: string, limit: number, filter: Filter | undefined, now: Date): Promise<Memory[]> {
    const collection = await this.open(namespace);
    const byNewest = (a: Memory, b: Memory) => b.createdAt.localeCompare(a.createdAt);
    let newest: Memory[] = [];
    for (const hours of [1, 24, 24 * 7, 24 * 30, 24 * 365, Infinity]) {
      const since = Number.isFinite(hours)
        ? where.gte('createdAtMs', now.getTime() - hours * 3_600_000)
        : undefined;
      newest = [];
      for await (const page of this.pagesMatching(collection, allOf(filter, since), 500)) {
        newest = [...newest, ...page].sort(byNewest).slice(0, limit);
      }
      if (newest.length >= limit) break;
    }
    return newest;
  }

  /** Every memory of the namespace, a bounded page at a time, without vectors. */
  async *pages(namespace: string, pageSize: number): AsyncGenerator<Memory[]> {
    yield* this.pagesMatching(await this.open(namespace), undefined, pageSize);
  }

  /** The memories matching a filter, a bounded page at a time, without vectors. */
  async *pagesWhere(namespace: string, filter: Filter, pageSize: number): AsyncGenerator<Memory[]> {
    yield* this.pagesMatching(await this.open(namespace), filter, pageSize);
  }

  /** Memories created at or after `since`, with vectors (consolidation's window). */
  async inWindow(namespace: string, since: Date): Promise<StoredMemory[]> {
    const collection = await this.open(namespace);
    const window: StoredMemory[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, {
        filter: where.gte('createdAtMs', since.getTime()),
        limit: 500,
        cursor,
        includeVectors: true,
      });
      for (const record of page.records) {
        const memory = fromRecord(record);
        if (memory) window.push({ memory, vector: record.vector ?? [] });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return window;
  }

  private async *pagesMatching(
    collection: string,
    filter: Filter | undefined,
    pageSize: number,
  ): AsyncGenerator<Memory[]> {
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { filter, limit: pageSize, cursor });
      yield page.records.flatMap((r) => {
        const memory = fromRecord(r);
        return memory ? [memory] : [];
      });
      cursor = page.nextCursor;
    } while (cursor);
  }

  /**
   * Rewrites the memories whose tag keys differ from their tags (see `withTagKeysOfItsTags`), each from
   * its record as stored when the write is made (`VectorStore.rewrite`), so a write that lands meanwhile
   * is never undone. Reads the namespace's metadata a page at a time; returns how many were rewritten.
   */
  async rewriteStaleTagKeys(namespace: string, pageSize: number): Promise<number> {
    const collection = await this.open(namespace);
    const fix = (record: StoredRecord) => {
      const metadata = withTagKeysOfItsTags(record);
      return metadata && { id: record.id, vector: record.vector ?? [], metadata, document: record.document };
    };
    const stale: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { limit: pageSize, cursor });
      stale.push(...page.records.filter((r) => withTagKeysOfItsTags(r) !== null).map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    let rewritten = 0;
    for (let i = 0; i < stale.length; i += pageSize) {
      rewritten += (await this.store.rewrite(collection, stale.slice(i, i + pageSize), fix)).length;
    }
    return rewritten;
  }

  /** Merges metadata keys into stored memories (access tracking). */
  async patch(namespace: string, patches: { id: string; metadata: Metadata }[]): Promise<void> {
    if (patches.length === 0) return;
    await this.store.patchMetadata(await this.open(namespace), patches);
  }

  /**
   * Brings the namespace's lexical index in line with its memories (`repair`: what is missing or left
   * over; `rebuild`: everything). Idempotent, so an interrupted run is finished by running it again.
   */
  async reindexText(
    namespace: string,
    mode: 'repair' | 'rebuild',
    onProgress?: (seen: number) => void,
  ): Promise<LexicalIndexReport> {
    return this.store.reindexText(await this.open(namespace), { mode, onProgress });
  }

  async count(namespace: string, filter?: Filter): Promise<number> {
    return this.store.count(await this.open(namespace), filter);
  }

  async delete(namespace: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.store.delete(await this.open(namespace), ids);
  }

  private checkModel(namespace: string, info: CollectionInfo): void {
    const { modelId, dimension } = this.embeddings;
    const storedModel = info.metadata[MODEL_KEY];
    if (storedModel !== modelId || info.dimension !== dimension) {
      throw new AppError(
        'MODEL_MISMATCH',
        `Namespace "${namespace}" holds vectors from embedding model "${String(storedModel)}" (dimension ${info.dimension}), ` +
          `but the configured model is "${modelId}" (dimension ${dimension}). ` +
          `Configure the original model, or run \`bin/kioku reembed --namespace ${namespace}\` to re-embed it.`,
        { details: { namespace, storedModel: String(storedModel), configuredModel: modelId } },
      );
    }
  }
}
