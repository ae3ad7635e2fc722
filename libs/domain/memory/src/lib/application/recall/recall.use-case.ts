/**
 * recall (behaviour §4.2): ranks memories for the query (see MemoryRanker) and tracks access of the
 * returned ones (accessCount + 1 and lastAccessedAt, which slow their decay and forgetting) without
 * waiting for that write.
 */
import { inject, injectable } from 'inversify';
import { AppError, KERNEL_TOKENS, type Clock, type Logger } from '@kioku/kernel';
import type { CallContext } from '@kioku/call-context';
import { AccessTracker } from './access-tracker';
import { MemoryRanker, type RankedMemory } from '../shared/memory-ranker';
import { recallFilter } from '../shared/recall-filter';
import type { RecallInput } from './recall.input';

type RecalledMemory = RankedMemory;

export interface RecallResult {
  results: RecalledMemory[];
}

@injectable()
export class RecallUseCase {
  constructor(
    @inject(MemoryRanker) private readonly ranker: MemoryRanker,
    @inject(AccessTracker) private readonly access: AccessTracker,
    @inject(KERNEL_TOKENS.Clock) private readonly clock: Clock,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  async execute(input: RecallInput, context: CallContext): Promise<RecallResult> {
    const query = input.query.trim();
    if (!query) throw AppError.invalidInput('query must not be empty.');
    const now = this.clock.now();
    const ranked = await this.ranker.rank(
      context.namespace,
      query,
      input.limit ?? 3,
      recallFilter(input),
      now,
    );
    const lastAccessedAt = now.toISOString();
    const results = ranked.map((r) => ({
      ...r,
      memory: {
        ...r.memory,
        accessCount: this.access.countOf(context.namespace, r.memory) + 1,
        lastAccessedAt,
      },
    }));
    this.access.record(
      context.namespace,
      results.map((r) => r.memory),
      now,
    );
    this.logger.debug('memory.recalled', { results: results.length });
    return { results };
  }
}
