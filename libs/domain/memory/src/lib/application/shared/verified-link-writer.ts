/**
 * Writes links only between memories that exist, and keeps it that way under concurrent deletes:
 * it saves the links whose other end exists, then checks the other ends again and removes the links
 * to any that vanished meanwhile. Together with the deleter's link sweep after removing a memory,
 * no ordering of a link write and a delete leaves a dangling link behind (SPEC §2.2, §4.6).
 */
import { inject, injectable } from 'inversify';
import { LinkRepository, type Link } from '@kioku/links';
import { MemoryRepository } from '../memory.repository';

@injectable()
export class VerifiedLinkWriter {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
  ) {}

  /** Saves both directions of each link whose target exists; returns the links that were kept. */
  async save(namespace: string, links: Link[]): Promise<Link[]> {
    if (links.length === 0) return [];
    const targets = [...new Set(links.map((l) => l.targetId))];
    const existing = await this.existingIds(namespace, targets);
    const kept = links.filter((l) => existing.has(l.targetId));
    await this.links.saveBoth(namespace, kept);
    const stillThere = await this.existingIds(namespace, targets);
    const lost = kept.filter((l) => !stillThere.has(l.targetId));
    await this.links.removeBoth(namespace, lost);
    return kept.filter((l) => stillThere.has(l.targetId));
  }

  private async existingIds(namespace: string, ids: string[]): Promise<Set<string>> {
    return new Set((await this.memories.get(namespace, ids)).map((s) => s.memory.id));
  }
}
