/**
 * Deleting a memory (behaviour §4.6), shared by forget, auto-forget and merge: snapshot into the trash,
 * remove its links in both directions, remove it, and sweep its links once more so a link written
 * concurrently by another writer (an auto-link racing this deletion) cannot survive it. Each step is
 * idempotent; whatever a crash leaves behind is finished by the integrity check.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import { LinkRepository, reverseLink, type Link } from '@kioku/links';
import { MemoryChangeNotifier, MemoryRepository, type Memory } from '@kioku/memory';
import type { DeletionReason } from '../domain/trash-entry';
import { FORGETTING_TOKENS } from '../forgetting.tokens';
import type { ForgettingSettings } from '../forgetting-settings';
import { TrashRepository } from './trash.repository';

@injectable()
export class MemoryDeleter {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(TrashRepository) private readonly trash: TrashRepository,
    @inject(MemoryChangeNotifier) private readonly changes: MemoryChangeNotifier,
    @inject(FORGETTING_TOKENS.Settings) private readonly settings: ForgettingSettings,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Deletes the memory; returns it, or null when it did not exist. */
  async delete(namespace: string, memoryId: string, reason: DeletionReason): Promise<Memory | null> {
    const stored = await this.memories.getOne(namespace, memoryId, true);
    if (!stored) return null;
    if (this.settings.trashRetentionDays > 0) {
      const links = await this.links.linksFrom(namespace, [memoryId]);
      await this.trash.put(namespace, {
        memory: stored.memory,
        vector: stored.vector,
        links: asSeenFromMemory(memoryId, links),
        deletedAt: this.clock.now().toISOString(),
        reason,
        restoring: false,
      });
    }
    await this.links.removeAllFor(namespace, memoryId);
    await this.memories.delete(namespace, [memoryId]);
    await this.links.removeAllFor(namespace, memoryId);
    await this.changes.deleted(namespace, stored.memory);
    this.logger.info('memory.deleted', { id: memoryId, reason, private: stored.memory.isPrivate });
    return stored.memory;
  }
}

/** Each link once, as seen from the memory (outgoing), whichever direction was stored. */
function asSeenFromMemory(memoryId: string, links: Link[]): Link[] {
  const unique = new Map<string, Link>();
  for (const link of links) {
    const outgoing = link.sourceId === memoryId ? link : reverseLink(link);
    unique.set(`${outgoing.targetId}>${outgoing.type}`, outgoing);
  }
  return [...unique.values()];
}
