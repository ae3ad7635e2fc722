/**
 * Re-embeds a namespace with the configured embedding model (behaviour §3, issue: model changes). The
 * memories and the trash are copied, batch by batch, into the next generation's collections with
 * vectors of the new model (same ids, same metadata, so links and episodes are untouched); then the
 * namespace is switched to them in one state write and the old collections are dropped.
 *
 * Resumable: the position of each copy is saved after every batch in the `reembed` state record,
 * and a later run with the same model continues from there (copies are idempotent upserts). Before
 * switching, a reconciliation pass removes copies of memories deleted meanwhile and copies memories
 * added meanwhile, so nothing is lost or resurrected. Other kioku processes on the namespace should
 * be stopped while it runs: they keep using the old collections until they restart.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, NO_FENCE, type Logger, type WriteFence } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { NamespaceStateRepository } from '@kioku/links';
import { VECTOR_STORE_TOKENS, type StoredRecord, type VectorStore } from '@kioku/vector-store';
import { MODEL_KEY, memoriesCollectionSpec } from '../memory.repository';
import { MemoryCollections, collectionsOfGeneration } from '../memory-collections';

const JOB_KEY = 'reembed';
const PAGE = 500;

export interface ReembedProgress {
  phase: 'memories' | 'trash' | 'reconcile';
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
  trashReembedded: number;
  /** Memories in the namespace when the run started. */
  total: number;
  resumed: boolean;
  /** Copies dropped because their memory was deleted during the run. */
  removedStale: number;
}

interface Job {
  toModel: string;
  fromGeneration: number;
  generation: number;
  memoriesCursor: string;
  trashCursor: string;
}

@injectable()
export class ReembedUseCase {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(MemoryCollections) private readonly collections: MemoryCollections,
    @inject(NamespaceStateRepository) private readonly state: NamespaceStateRepository,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(input: ReembedInput): Promise<ReembedResult> {
    const { namespace } = input;
    const batchSize = input.batchSize ?? 32;
    const beforeWrite = input.beforeWrite ?? NO_FENCE;
    const toModel = this.embeddings.modelId;
    const current = await this.collections.of(namespace);
    const info = await this.store.describeCollection(current.memories);
    const fromModel = info ? String(info.metadata[MODEL_KEY] ?? 'unknown') : toModel;
    const upToDate = {
      status: 'up_to_date' as const,
      fromModel,
      toModel,
      reembedded: 0,
      trashReembedded: 0,
      total: 0,
      resumed: false,
      removedStale: 0,
    };
    if (!info || (fromModel === toModel && info.dimension === this.embeddings.dimension)) return upToDate;

    const saved = await this.state.read(namespace, JOB_KEY);
    const resumed = saved?.toModel === toModel && saved.fromGeneration === current.generation;
    const job: Job = resumed ? (saved as unknown as Job) : this.newJob(toModel, current.generation);
    const target = collectionsOfGeneration(namespace, job.generation);
    await beforeWrite();
    if (!resumed) {
      await this.store.deleteCollection(target.memories);
      await this.store.deleteCollection(target.trash);
      await this.saveJob(namespace, job);
    }
    const dimension = this.embeddings.dimension;
    await this.store.ensureCollection(target.memories, memoriesCollectionSpec(toModel, dimension));
    await this.store.ensureCollection(target.trash, { dimension, metadata: { kind: 'kioku-trash' } });

    const total = await this.store.count(current.memories);
    const report = (phase: ReembedProgress['phase'], done: number, of: number) =>
      input.onProgress?.({ phase, done, total: of });
    const reembedded = await this.copy(
      namespace,
      job,
      'memoriesCursor',
      current.memories,
      target.memories,
      batchSize,
      beforeWrite,
      (done) => report('memories', done, total),
    );
    const trashTotal = (await this.store.describeCollection(current.trash))
      ? await this.store.count(current.trash)
      : 0;
    const trashReembedded =
      trashTotal > 0
        ? await this.copy(
            namespace,
            job,
            'trashCursor',
            current.trash,
            target.trash,
            batchSize,
            beforeWrite,
            (done) => report('trash', done, trashTotal),
          )
        : 0;
    const removedStale = await this.reconcile(current.memories, target.memories, batchSize, beforeWrite);
    report('reconcile', total, total);

    await beforeWrite();
    await this.collections.switchTo(namespace, job.generation);
    await this.state.remove(namespace, JOB_KEY);
    await this.store.deleteCollection(current.memories);
    await this.store.deleteCollection(current.trash);
    this.logger.info('memory.reembedded', {
      namespace,
      fromModel,
      toModel,
      reembedded,
      trashReembedded,
      removedStale,
      resumed,
    });
    return { status: 'done', fromModel, toModel, reembedded, trashReembedded, total, resumed, removedStale };
  }

  private newJob(toModel: string, fromGeneration: number): Job {
    return { toModel, fromGeneration, generation: fromGeneration + 1, memoriesCursor: '', trashCursor: '' };
  }

  private async saveJob(namespace: string, job: Job): Promise<void> {
    await this.state.write(namespace, JOB_KEY, { ...job });
  }

  /** Copies a collection page by page with new vectors, saving the position after each page. */
  private async copy(
    namespace: string,
    job: Job,
    cursorKey: 'memoriesCursor' | 'trashCursor',
    source: string,
    target: string,
    batchSize: number,
    beforeWrite: WriteFence,
    progress: (done: number) => void,
  ): Promise<number> {
    let copied = 0;
    let cursor = job[cursorKey] || undefined;
    if (cursor === 'done') return 0;
    do {
      const page = await this.store.find(source, { limit: batchSize, cursor });
      await beforeWrite();
      await this.writeWithNewVectors(target, page.records);
      copied += page.records.length;
      cursor = page.nextCursor;
      job[cursorKey] = cursor ?? 'done';
      await this.saveJob(namespace, job);
      progress(copied);
    } while (cursor);
    return copied;
  }

  private async writeWithNewVectors(target: string, records: StoredRecord[]): Promise<void> {
    if (records.length === 0) return;
    const texts = records.map((r) =>
      typeof r.metadata.content === 'string' && r.metadata.content.trim() ? r.metadata.content : r.id,
    );
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
