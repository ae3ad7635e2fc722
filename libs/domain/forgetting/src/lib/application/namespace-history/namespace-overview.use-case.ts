/**
 * The namespace page's numbers: the memory statistics (NamespaceStatsReader) and the day-by-day
 * history, which needs the trash (what was forgotten, and when). Reads the trash a page at a time.
 */
import { inject, injectable } from 'inversify';
import { NamespaceStatsReader, type NamespaceStats } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { TrashRepository } from '../trash.repository';
import { namespaceHistory, type HistoryDay } from './namespace-history';

export interface NamespaceOverview extends NamespaceStats {
  history: HistoryDay[];
}

@injectable()
export class NamespaceOverviewUseCase {
  constructor(
    @inject(NamespaceStatsReader) private readonly namespaceStats: NamespaceStatsReader,
    @inject(TrashRepository) private readonly trash: TrashRepository,
  ) {}

  /** Takes no input: the namespace is the call's. */
  async execute(_input: Record<string, never>, context: CallContext): Promise<NamespaceOverview> {
    const stats = await this.namespaceStats.read(context);
    const trashed: { createdAt: string; deletedAt: string }[] = [];
    for await (const entry of this.trash.all(context.namespace)) {
      // An entry mid-restore is back among the memories (or about to be): counting it twice would lie.
      if (!entry.restoring) trashed.push({ createdAt: entry.memory.createdAt, deletedAt: entry.deletedAt });
    }
    return { ...stats, history: namespaceHistory(stats.createdPerDay, trashed) };
  }
}
