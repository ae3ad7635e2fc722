/**
 * Writes links only between memories that exist, and keeps it that way under concurrent deletes:
 * it saves the links, then checks that both ends exist and removes the links to any end that is
 * missing (never there, or deleted meanwhile). Together with the deleter's link sweep after removing a memory,
 * no ordering of a link write and a delete leaves a dangling link behind (behaviour §2.2, §4.6).
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

  /** Saves both directions of each link whose two ends exist; returns the links that were kept. */
  async save(namespace: string, links: Link[]): Promise<Link[]> {
    if (links.length === 0) return [];
    const ends = [...new Set(links.flatMap((l) => [l.sourceId, l.targetId]))];
    const bothExist = (alive: Set<string>) => (l: Link) => alive.has(l.sourceId) && alive.has(l.targetId);
    const kept = links.filter(bothExist(await this.existingIds(namespace, ends)));
    await this.links.saveBoth(namespace, kept);
    const stillThere = bothExist(await this.existingIds(namespace, ends));
    await this.links.removeBoth(
      namespace,
      kept.filter((l) => !stillThere(l)),
    );
    return kept.filter(stillThere);
  }

  private async existingIds(namespace: string, ids: string[]): Promise<Set<string>> {
    return new Set(await this.memories.existingIds(namespace, ids));
  }
}
