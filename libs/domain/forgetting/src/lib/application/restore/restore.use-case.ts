/**
 * restore (behaviour §4.7): brings a trashed memory back with the same id and the same vector, re-creates
 * the links whose other end still exists, and empties its trash entry. The entry is marked
 * `restoring` first, so an interrupted restore is finished (not undone) by the integrity check.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { EMBEDDINGS_TOKENS, type EmbeddingProvider } from '@kioku/embeddings';
import { MemoryChangeNotifier, MemoryRepository, VerifiedLinkWriter, type Memory } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { TrashRepository } from '../trash.repository';
import type { RestoreInput } from './restore.input';

export type RestoreResult =
  | { status: 'restored'; memory: Memory; linksRestored: number; linksSkipped: number }
  | { status: 'not_in_trash'; memoryId: string }
  | { status: 'already_exists'; memoryId: string };

@injectable()
export class RestoreUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(VerifiedLinkWriter) private readonly links: VerifiedLinkWriter,
    @inject(TrashRepository) private readonly trash: TrashRepository,
    @inject(MemoryChangeNotifier) private readonly changes: MemoryChangeNotifier,
    @inject(EMBEDDINGS_TOKENS.EmbeddingProvider) private readonly embeddings: EmbeddingProvider,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(input: RestoreInput, context: CallContext): Promise<RestoreResult> {
    const memoryId = input.memoryId.trim();
    const namespace = context.namespace;
    const entry = await this.trash.get(namespace, memoryId);
    if (!entry) return { status: 'not_in_trash', memoryId };
    if (await this.memories.getOne(namespace, memoryId)) {
      if (entry.restoring) await this.trash.delete(namespace, [memoryId]);
      return { status: 'already_exists', memoryId };
    }

    await this.trash.markRestoring(namespace, memoryId);
    const memory = { ...entry.memory };
    let vector = entry.vector;
    if (memory.embeddingModel !== this.embeddings.modelId || vector.length !== this.embeddings.dimension) {
      [vector] = await this.embeddings.embed([memory.content]);
      memory.embeddingModel = this.embeddings.modelId;
    }
    await this.memories.save(namespace, memory, vector);
    const restored = (await this.links.save(namespace, entry.links)).length;
    await this.trash.delete(namespace, [memoryId]);
    await this.changes.saved(namespace, memory);
    this.logger.info('memory.restored', { id: memoryId, links: restored, private: memory.isPrivate });
    return {
      status: 'restored',
      memory,
      linksRestored: restored,
      linksSkipped: entry.links.length - restored,
    };
  }
}
