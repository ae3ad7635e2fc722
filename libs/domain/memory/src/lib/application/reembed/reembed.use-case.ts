/**
 * Re-embeds a namespace with the configured embedding model (behaviour §3, issue: model changes).
 * Every collection registered for re-embedding (NAMESPACE_STORAGE_TOKENS.ReembeddableCollection:
 * the memories, and whatever other domains register) is copied, batch by batch, into the next
 * generation's collection with vectors of the new model (same ids, same metadata, so links and
 * episodes are untouched); then the namespace is switched to them in one state write and the old
 * collections are dropped. Registered collections hold memory records, so each record's new vector
 * embeds its `content`.
 *
 * Resumable: the position of each copy is saved after every batch in the `reembed` state record,
 * and a later run with the same model continues from there (copies are idempotent upserts). Before
 * switching, a reconciliation pass removes copies of memories deleted meanwhile and copies memories
 * added meanwhile, so nothing is lost or resurrected. Other kioku processes on the namespace should
 * be stopped while it runs: they keep using the old collections until they restart.
 */
import { inject, injectable, multiInject } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { NO_FENCE, type WriteFence } from '@kioku/concurrency';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import {
  CollectionGenerations,
  collectionName,
  NAMESPACE_STORAGE_TOKENS,
  NamespaceStateRepository,
  type EmbeddedCollectionKind,
  type ReembeddableCollection,
} from '@kioku/namespace-storage';
import { VECTOR_STORE_TOKENS, type Metadata, type StoredRecord, type VectorStore } from '@kioku/vector-store';
import { fromRecord } from '../../domain/memory-record.codec';
import { MODEL_KEY } from '../memory.repository';

const JOB_KEY = 'reembed';
const PAGE = 500;
/** The saved cursor of a copy that has finished. */
const DONE = 'done';

export interface ReembedProgress {
  /** The collection being copied, or the final reconciliation of the memories. */
  phase: EmbeddedCollectionKind | 'reconcile';
  done: number;
  total: number;
}

export interface ReembedInput {
  namespace: string;
  batchSize?: number;
  onProgress?: (progress: ReembedProgress) => void;
  /** Called before each batch of writes (the worker's lease check; see WriteFence). */
  beforeWrite?: WriteFence;
}

export interface ReembedResult {
  status: 'done' | 'up_to_date';
  fromModel: string;
  toModel: string;
  /** Memories written with the new model (including re-written ones after a resume). */
  reembedded: number;
  /** Records written with the new model, per registered collection (the memories included). */
  reembeddedByCollection: Partial<Record<EmbeddedCollectionKind, number>>;
  /** Memories in the namespace when the run started. */
  total: number;
  resumed: boolean;
  /** Copies dropped because their memory was deleted during the run. */
  removedStale: number;
}

/** A run's saved position: the generations, and one cursor per registered collection ('' not started). */
interface Job {
  toModel: string;
  fromGeneration: number;
  generation: number;
  cursors: Partial<Record<EmbeddedCollectionKind, string>>;
}

@injectable()
export class ReembedUseCase {
  /** The registered collections, the memories first (their copy is the one reported as `reembedded`). */
  private readonly collections: ReembeddableCollection[];

  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(CollectionGenerations) private readonly generations: CollectionGenerations,
    @inject(NamespaceStateRepository) private readonly state: NamespaceStateRepository,
    @multiInject(NAMESPACE_STORAGE_TOKENS.ReembeddableCollection) registered: ReembeddableCollection[],
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {
    const isMemories = (c: ReembeddableCollection) => c.kind === 'memories';
    this.collections = [...registered.filter(isMemories), ...registered.filter((c) => !isMemories(c))];
  }

  async execute(input: ReembedInput): Promise<ReembedResult> {
    const { namespace } = input;
    const batchSize = input.batchSize ?? 32;
    const beforeWrite = input.beforeWrite ?? NO_FENCE;
    const toModel = this.embeddings.modelId;
    const current = await this.generations.current(namespace);
    const source = (kind: EmbeddedCollectionKind) => collectionName(namespace, kind, current);
    const info = await this.store.describeCollection(source('memories'));
    const fromModel = info ? String(info.metadata[MODEL_KEY] ?? 'unknown') : toModel;
    const upToDate = {
      status: 'up_to_date' as const,
      fromModel,
      toModel,
      reembedded: 0,
      reembeddedByCollection: {},
      total: 0,
      resumed: false,
      removedStale: 0,
    };
    if (!info || (fromModel === toModel && info.dimension === this.embeddings.dimension)) return upToDate;

    const saved = await this.state.read(namespace, JOB_KEY);
    const resumed = saved?.toModel === toModel && saved.fromGeneration === current;
    const job: Job = resumed ? this.savedJob(saved) : this.newJob(toModel, current);
    const target = (kind: EmbeddedCollectionKind) => collectionName(namespace, kind, job.generation);
    await beforeWrite();
    if (!resumed) {
      for (const { kind } of this.collections) await this.store.deleteCollection(target(kind));
      await this.saveJob(namespace, job);
    }
    const dimension = this.embeddings.dimension;
    for (const collection of this.collections)
      await this.store.ensureCollection(target(collection.kind), collection.spec(toModel, dimension));

    const total = await this.store.count(source('memories'));
    const reembeddedByCollection: ReembedResult['reembeddedByCollection'] = {};
    for (const { kind } of this.collections) {
      const size = kind === 'memories' ? total : await this.sizeOf(source(kind));
      reembeddedByCollection[kind] =
        size > 0
          ? await this.copy(
              namespace,
              job,
              kind,
              source(kind),
              target(kind),
              batchSize,
              beforeWrite,
              (done) => input.onProgress?.({ phase: kind, done, total: size }),
            )
          : 0;
    }
    const removedStale = await this.reconcile(source('memories'), target('memories'), batchSize, beforeWrite);
    input.onProgress?.({ phase: 'reconcile', done: total, total });

    await beforeWrite();
    await this.generations.switchTo(namespace, job.generation);
    await this.state.remove(namespace, JOB_KEY);
    for (const { kind } of this.collections) await this.store.deleteCollection(source(kind));
    const reembedded = reembeddedByCollection.memories ?? 0;
    this.logger.info('memory.reembedded', {
      namespace,
      fromModel,
      toModel,
      reembedded,
      reembeddedByCollection,
      removedStale,
      resumed,
    });
    return {
      status: 'done',
      fromModel,
      toModel,
      reembedded,
      reembeddedByCollection,
      total,
      resumed,
      removedStale,
    };
  }

  private newJob(toModel: string, fromGeneration: number): Job {
    return { toModel, fromGeneration, generation: fromGeneration + 1, cursors: {} };
  }

  /** Reads the job back from its state record (one `<kind>Cursor` key per collection). */
  private savedJob(saved: Metadata): Job {
    const cursors: Job['cursors'] = {};
    for (const { kind } of this.collections) {
      const cursor = saved[`${kind}Cursor`];
      cursors[kind] = typeof cursor === 'string' ? cursor : '';
    }
    return {
      toModel: String(saved.toModel),
      fromGeneration: Number(saved.fromGeneration),
      generation: Number(saved.generation),
      cursors,
    };
  }

  /** Records in the collection (0 when it does not exist). */
  private async sizeOf(collection: string): Promise<number> {
    return (await this.store.describeCollection(collection)) ? this.store.count(collection) : 0;
  }

  private async saveJob(namespace: string, job: Job): Promise<void> {
    const { cursors, ...generations } = job;
    const positions: Metadata = {};
    for (const { kind } of this.collections) positions[`${kind}Cursor`] = cursors[kind] ?? '';
    await this.state.write(namespace, JOB_KEY, { ...generations, ...positions });
  }

  /** Copies a collection page by page with new vectors, saving the position after each page. */
  private async copy(
    namespace: string,
    job: Job,
    kind: EmbeddedCollectionKind,
    source: string,
    target: string,
    batchSize: number,
    beforeWrite: WriteFence,
    progress: (done: number) => void,
  ): Promise<number> {
    let copied = 0;
    let cursor = job.cursors[kind] || undefined;
    if (cursor === DONE) return 0;
    do {
      const page = await this.store.find(source, { limit: batchSize, cursor });
      await beforeWrite();
      await this.writeWithNewVectors(target, page.records);
      copied += page.records.length;
      cursor = page.nextCursor;
      job.cursors[kind] = cursor ?? DONE;
      await this.saveJob(namespace, job);
      progress(copied);
    } while (cursor);
    return copied;
  }

  private async writeWithNewVectors(target: string, records: StoredRecord[]): Promise<void> {
    if (records.length === 0) return;
    const texts = records.map((r) => {
      const content = fromRecord(r)?.content;
      return content?.trim() ? content : r.id;
    });
    const vectors = await this.embeddings.embed(texts);
    await this.store.upsert(
      target,
      records.map((r, i) => ({
        id: r.id,
        vector: vectors[i],
        metadata: { ...r.metadata, embeddingModel: this.embeddings.modelId },
        document: r.document,
      })),
    );
  }

  /** Drops copies whose memory is gone from the source, and copies memories the source gained meanwhile. */
  private async reconcile(
    source: string,
    target: string,
    batchSize: number,
    beforeWrite: WriteFence,
  ): Promise<number> {
    const stale: string[] = [];
    for await (const ids of this.idPages(target)) {
      const present = new Set((await this.store.get(source, ids)).map((r) => r.id));
      stale.push(...ids.filter((id) => !present.has(id)));
    }
    await beforeWrite();
    await this.store.delete(target, stale);
    const missing: string[] = [];
    for await (const ids of this.idPages(source)) {
      const present = new Set((await this.store.get(target, ids)).map((r) => r.id));
      missing.push(...ids.filter((id) => !present.has(id)));
    }
    for (let i = 0; i < missing.length; i += batchSize) {
      await beforeWrite();
      await this.writeWithNewVectors(target, await this.store.get(source, missing.slice(i, i + batchSize)));
    }
    return stale.length;
  }

  private async *idPages(collection: string): AsyncGenerator<string[]> {
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { limit: PAGE, cursor });
      yield page.records.map((r) => r.id);
      cursor = page.nextCursor;
    } while (cursor);
  }
}
