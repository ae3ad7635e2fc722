/**
 * get_episode (behaviour §4.10): the episode with only its still-existing memories (lazy cleanup: ids of
 * deleted memories are filtered out at read time and counted in a note).
 */
import { inject, injectable } from 'inversify';
import { MemoryRepository, type Memory } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import type { Episode } from '../../domain/episode';
import { EpisodeRepository } from '../episode.repository';
import type { GetEpisodeInput } from './get-episode.input';

export type GetEpisodeResult =
  | { status: 'found'; episode: Episode; memories: Memory[]; missingCount: number }
  | { status: 'not_found'; episodeId: string };

@injectable()
export class GetEpisodeUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(EpisodeRepository) private readonly episodes: EpisodeRepository,
  ) {}

  async execute(input: GetEpisodeInput, context: CallContext): Promise<GetEpisodeResult> {
    const episodeId = input.episodeId.trim();
    const episode = await this.episodes.get(context.namespace, episodeId);
    if (!episode) return { status: 'not_found', episodeId };
    const found = await this.memories.get(context.namespace, episode.memoryIds);
    const memories = found.map((f) => f.memory);
    return { status: 'found', episode, memories, missingCount: episode.memoryIds.length - memories.length };
  }
}
