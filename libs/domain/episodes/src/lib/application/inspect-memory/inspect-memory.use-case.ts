/**
 * One memory with its surroundings, for a reader that walks memory (the dashboard): the memory, its
 * links with the memory at each other end, and the episodes it belongs to. Passive like a resource
 * read: no access is counted. A link whose other end is gone (a concurrent delete) is left out.
 */
import { inject, injectable } from 'inversify';
import { LinkRepository, type Link } from '@kioku/links';
import { MemoryRepository, type Memory } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import type { Episode } from '../../domain/episode';
import { EpisodeRepository } from '../episode.repository';

interface LinkedMemory {
  link: Link;
  memory: Memory;
}

export type InspectMemoryResult =
  | { status: 'found'; memory: Memory; links: LinkedMemory[]; episodes: Episode[] }
  | { status: 'not_found'; memoryId: string };

@injectable()
export class InspectMemoryUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(EpisodeRepository) private readonly episodes: EpisodeRepository,
  ) {}

  async execute({ memoryId }: { memoryId: string }, context: CallContext): Promise<InspectMemoryResult> {
    const { namespace } = context;
    const found = await this.memories.getOne(namespace, memoryId);
    if (!found) return { status: 'not_found', memoryId };
    const links = await this.links.linksFrom(namespace, [memoryId]);
    const others = new Map(
      (await this.memories.get(namespace, [...new Set(links.map((l) => l.targetId))])).map((s) => [
        s.memory.id,
        s.memory,
      ]),
    );
    const linked = links.flatMap((link) => {
      const memory = others.get(link.targetId);
      return memory ? [{ link, memory }] : [];
    });
    linked.sort((a, b) => b.link.confidence - a.link.confidence);
    const episodes: Episode[] = [];
    for await (const episode of this.episodes.all(namespace)) {
      if (episode.memoryIds.includes(memoryId)) episodes.push(episode);
    }
    return { status: 'found', memory: found.memory, links: linked, episodes };
  }
}
