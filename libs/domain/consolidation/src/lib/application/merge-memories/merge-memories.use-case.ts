/**
 * merge_memories (behaviour §4.9): keeps one memory and folds another into it. The kept memory takes the
 * merged content if given (re-embedded and re-linked through update_memory), the removed memory's
 * links move to the kept one (no self-links, no duplicates, the higher confidence wins), episodes
 * point at the kept one, and the removed memory goes to the trash with reason `merge` — restorable
 * with its original links like any deletion.
 */
import { inject, injectable } from 'inversify';
import { AppError, KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import { EpisodeMaintenance } from '@kioku/episodes';
import { MemoryDeleter, isProtected } from '@kioku/forgetting';
import { LinkRepository, type Link } from '@kioku/links';
import {
  MEMORY_TOKENS,
  MemoryRepository,
  MemoryUpdater,
  VerifiedLinkWriter,
  type Memory,
  type MemorySettings,
} from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import type { MergeMemoriesInput } from './merge-memories.input';

export type MergeMemoriesResult =
  | {
      status: 'merged';
      kept: Memory;
      removed: Memory;
      linksMoved: number;
      contentChanged: boolean;
      episodesUpdated: number;
    }
  | { status: 'not_found'; missingIds: string[] }
  | { status: 'protected'; memory: Memory };

/** Whether a merge can go ahead, and the two memories it would touch (what a person is shown to confirm it). */
export type MergeCheck =
  | { status: 'ready'; keep: Memory; remove: Memory }
  | Extract<MergeMemoriesResult, { status: 'not_found' | 'protected' }>;

@injectable()
export class MergeMemoriesUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(VerifiedLinkWriter) private readonly linkWriter: VerifiedLinkWriter,
    @inject(MemoryUpdater) private readonly updater: MemoryUpdater,
    @inject(MemoryDeleter) private readonly deleter: MemoryDeleter,
    @inject(EpisodeMaintenance) private readonly episodes: EpisodeMaintenance,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Reads the two memories and checks the merge's rules, changing nothing. */
  async check(input: MergeMemoriesInput, context: CallContext): Promise<MergeCheck> {
    const keepId = input.keepId.trim();
    const removeId = input.removeId.trim();
    if (keepId === removeId)
      throw AppError.invalidInput('keep_id and remove_id must be two different memories.');
    const found = new Map(
      (await this.memories.get(context.namespace, [keepId, removeId])).map((s) => [s.memory.id, s.memory]),
    );
    const missingIds = [keepId, removeId].filter((id) => !found.has(id));
    if (missingIds.length > 0) return { status: 'not_found', missingIds };
    const remove = found.get(removeId)!;
    if (isProtected(remove, this.settings.protectedCategories))
      return { status: 'protected', memory: remove };
    return { status: 'ready', keep: found.get(keepId)!, remove };
  }

  async execute(input: MergeMemoriesInput, context: CallContext): Promise<MergeMemoriesResult> {
    const checked = await this.check(input, context);
    if (checked.status !== 'ready') return checked;
    const namespace = context.namespace;
    const keepId = checked.keep.id;
    const removeId = checked.remove.id;
    let kept = checked.keep;
    let contentChanged = false;
    if (input.mergedContent !== undefined && input.mergedContent.trim() !== kept.content) {
      const updated = await this.updater.update(namespace, {
        memoryId: keepId,
        content: input.mergedContent,
      });
      if (updated.status === 'not_found') return { status: 'not_found', missingIds: [keepId] };
      if (updated.status === 'updated') {
        kept = updated.memory;
        contentChanged = true;
      }
    }

    const linksMoved = await this.redirectLinks(namespace, keepId, removeId);
    const episodesUpdated = await this.episodes.replaceMemory(namespace, removeId, keepId);
    await this.deleter.delete(namespace, removeId, 'merge');
    this.logger.info('memory.merged', { keptId: keepId, removedId: removeId, linksMoved, contentChanged });
    return { status: 'merged', kept, removed: checked.remove, linksMoved, contentChanged, episodesUpdated };
  }

  /** The removed memory's links, re-pointed at the kept one, keeping the higher confidence per link. */
  private async redirectLinks(namespace: string, keepId: string, removeId: string): Promise<number> {
    const [fromRemoved, fromKept] = await Promise.all([
      this.links.linksFrom(namespace, [removeId]),
      this.links.linksFrom(namespace, [keepId]),
    ]);
    const keptByKey = new Map(fromKept.map((l) => [`${l.targetId}>${l.type}`, l]));
    const moved: Link[] = [];
    for (const link of fromRemoved) {
      if (link.targetId === keepId) continue;
      const current = keptByKey.get(`${link.targetId}>${link.type}`);
      if (current && current.confidence >= link.confidence) continue;
      moved.push({ ...link, sourceId: keepId });
    }
    return (await this.linkWriter.save(namespace, moved)).length;
  }
}
