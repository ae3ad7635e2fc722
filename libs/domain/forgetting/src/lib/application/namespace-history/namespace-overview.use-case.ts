/**
 * The namespace page's numbers: the memory statistics and the day-by-day history, which needs the
 * trash (what was forgotten, and when). Reads the memories and the trash a page at a time.
 */
import { inject, injectable } from 'inversify';
import { MemoryRepository, NamespaceTally, STATS_PAGE_SIZE, type NamespaceStats } from '@kioku/memory';
import { type CallContext } from '@kioku/call-context';
import { TrashRepository } from '../trash.repository';
import { namespaceHistory, type HistoryDay } from './namespace-history';

export interface NamespaceOverview extends NamespaceStats {
  history: HistoryDay[];
}

@injectable()
export class NamespaceOverviewUseCase {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(TrashRepository) private readonly trash: TrashRepository,
  ) {}

  async execute(context: CallContext): Promise<NamespaceOverview> {
    const tally = new NamespaceTally();
    for await (const page of this.memories.pages(context.namespace, STATS_PAGE_SIZE))
      page.forEach((memory) => tally.add(memory));
    const stats = tally.result();
    const trashed: { createdAt: string; deletedAt: string }[] = [];
    for await (const entry of this.trash.all(context.namespace)) {
      // An entry mid-restore is back among the memories (or about to be): counting it twice would lie.
      if (!entry.restoring) trashed.push({ createdAt: entry.memory.createdAt, deletedAt: entry.deletedAt });
    }
    return { ...stats, history: namespaceHistory(stats.createdPerDay, trashed) };
  }
}
