/**
 * create_episode (behaviour §4.10): groups existing memories under a summary. Unknown ids are dropped; an
 * empty list, or a list with no existing memory, is an error. Start, end and importance come from
 * the member memories.
 */
import { inject, injectable } from 'inversify';
import { AppError, KERNEL_TOKENS, type Clock, type IdGenerator, type Logger } from '@kioku/kernel';
import { MemoryRepository, type Memory } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import type { Episode } from '../../domain/episode';
import { EpisodeRepository } from '../episode.repository';
import type { CreateEpisodeInput } from './create-episode.input';

export interface CreateEpisodeResult {
  episode: Episode;
  members: Memory[];
  droppedIds: string[];
}

@injectable()
export class CreateEpisodeUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(EpisodeRepository) private readonly episodes: EpisodeRepository,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(input: CreateEpisodeInput, context: CallContext): Promise<CreateEpisodeResult> {
    const summary = input.summary.trim();
    if (!summary) throw AppError.invalidInput('summary must not be empty.');
    const requested = [...new Set(input.memoryIds.map((id) => id.trim()).filter(Boolean))];
    if (requested.length === 0) throw AppError.invalidInput('memory_ids must name at least one memory.');

    const found = await this.memories.get(context.namespace, requested);
    const members = found.map((f) => f.memory);
    if (members.length === 0) {
      throw new AppError(
        'MEMORY_NOT_FOUND',
        `None of the memories exist: ${requested.join(', ')}. Use recall to find their ids.`,
      );
    }
    const times = members.map((m) => m.createdAt).sort();
    const episode: Episode = {
      id: this.ids.next('ep'),
      summary,
      memoryIds: members.map((m) => m.id),
      startTime: times[0],
      endTime: times[times.length - 1],
      importance: Math.max(...members.map((m) => m.importance)),
      createdAt: this.clock.now().toISOString(),
    };
    await this.episodes.save(context.namespace, episode);
    const foundIds = new Set(episode.memoryIds);
    this.logger.info('episode.created', { id: episode.id, memories: episode.memoryIds.length });
    return { episode, members, droppedIds: requested.filter((id) => !foundIds.has(id)) };
  }
}
