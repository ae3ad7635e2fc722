/**
 * What a namespace holds, at a glance (the dashboard's namespace page, through forgetting's
 * NamespaceOverviewUseCase; see NamespaceTally). Reads every memory a page at a time without vectors;
 * counts nothing as an access.
 */
import { inject, injectable } from 'inversify';
import { NamespaceTally, type NamespaceStats } from '../../domain/namespace-tally';
import type { CallContext } from '@kioku/call-context';
import { MemoryRepository } from '../memory.repository';

/** Memories read per page. */
const STATS_PAGE_SIZE = 500;

@injectable()
export class NamespaceStatsReader {
  constructor(@inject(MemoryRepository) private readonly memories: MemoryRepository) {}

  async read(context: CallContext): Promise<NamespaceStats> {
    const tally = new NamespaceTally();
    for await (const page of this.memories.pages(context.namespace, STATS_PAGE_SIZE))
      page.forEach((memory) => tally.add(memory));
    return tally.result();
  }
}
