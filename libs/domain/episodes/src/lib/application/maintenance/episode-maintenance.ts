/**
 * Keeps episodes pointing at memories that exist: drops ids of deleted memories (consolidation and
 * the integrity check), and replaces a merged-away memory by the one it was merged into.
 */
import { inject, injectable } from 'inversify';
import { MemoryRepository } from '@kioku/memory';
import { EpisodeRepository } from '../episode.repository';

@injectable()
export class EpisodeMaintenance {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(EpisodeRepository) private readonly episodes: EpisodeRepository,
  ) {}

  /** Removes ids of memories that no longer exist; returns how many ids were dropped. */
  async dropMissingMemories(namespace: string, options: { dryRun?: boolean } = {}): Promise<number> {
    let dropped = 0;
    for await (const episode of this.episodes.all(namespace)) {
      const alive = new Set((await this.memories.get(namespace, episode.memoryIds)).map((s) => s.memory.id));
      const kept = episode.memoryIds.filter((id) => alive.has(id));
      if (kept.length === episode.memoryIds.length) continue;
      dropped += episode.memoryIds.length - kept.length;
      if (!options.dryRun) await this.episodes.save(namespace, { ...episode, memoryIds: kept });
    }
    return dropped;
  }

  /** Replaces `removedId` by `keptId` in every episode (no duplicates); returns how many episodes changed. */
  async replaceMemory(namespace: string, removedId: string, keptId: string): Promise<number> {
    let changed = 0;
    for await (const episode of this.episodes.all(namespace)) {
      if (!episode.memoryIds.includes(removedId)) continue;
      const memoryIds = [...new Set(episode.memoryIds.map((id) => (id === removedId ? keptId : id)))];
      await this.episodes.save(namespace, { ...episode, memoryIds });
      changed++;
    }
    return changed;
  }
}
