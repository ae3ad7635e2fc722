/**
 * recall (SPEC §4.2): ranks memories for the query (see MemoryRanker) and tracks access of the
 * returned ones: accessCount + 1 and lastAccessedAt, which slow their decay and forgetting.
 */
import { inject, injectable } from 'inversify';
import { AppError, KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import type { CallContext } from '../call-context';
import { MemoryRepository } from '../memory.repository';
import { parseInput } from '../shared/parse-input';
import { MemoryRanker, type RankedMemory } from './memory-ranker';
import { recallFilter } from './recall-filter';
import { recallInputSchema, type RecallInput } from './recall.input';

export type RecalledMemory = RankedMemory;

export interface RecallResult {
  results: RecalledMemory[];
}

@injectable()
export class RecallUseCase {
  constructor(
    @inject(MemoryRanker) private readonly ranker: MemoryRanker,
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(rawInput: RecallInput, context: CallContext): Promise<RecallResult> {
    const input = parseInput(recallInputSchema, rawInput);
    const query = input.query.trim();
    if (!query) throw AppError.invalidInput('query must not be empty.');
    const now = this.clock.now();
    const ranked = await this.ranker.rank(
      context.namespace,
      query,
      input.n_results ?? 3,
      recallFilter(input),
      now,
    );
    const results = await this.trackAccess(context.namespace, ranked, now);
    this.logger.debug('memory.recalled', { results: results.length });
    return { results };
  }

  private async trackAccess(namespace: string, ranked: RankedMemory[], now: Date): Promise<RecalledMemory[]> {
    const lastAccessedAt = now.toISOString();
    const results = ranked.map((r) => ({
      ...r,
      memory: { ...r.memory, accessCount: r.memory.accessCount + 1, lastAccessedAt },
    }));
    await this.memories.patch(
      namespace,
      results.map((r) => ({
        id: r.memory.id,
        metadata: { accessCount: r.memory.accessCount, lastAccessedAt, lastAccessedAtMs: now.getTime() },
      })),
    );
    return results;
  }
}
