/**
 * What a namespace holds, at a glance (the dashboard's namespace page): how many memories, how many
 * private and pinned, how many were created each day, and how they spread over categories and tags.
 * Reads every memory a page at a time without vectors; counts nothing as an access.
 */
import { inject, injectable } from 'inversify';
import { utcDay } from '@kioku/kernel';
import type { CallContext } from '../call-context';
import { MemoryRepository } from '../memory.repository';

export interface NamedCount {
  name: string;
  count: number;
}

export interface NamespaceStats {
  total: number;
  private: number;
  pinned: number;
  /** Memories created per UTC day (`YYYY-MM-DD`), oldest day first; days without any are left out. */
  createdPerDay: { day: string; count: number }[];
  /** Every category in use, most used first. */
  categories: NamedCount[];
  /** The most used tags (at most `TOP_TAGS`), most used first. */
  tags: NamedCount[];
}

const PAGE_SIZE = 500;
const TOP_TAGS = 30;

@injectable()
export class NamespaceStatsUseCase {
  constructor(@inject(MemoryRepository) private readonly memories: MemoryRepository) {}

  async execute(context: CallContext): Promise<NamespaceStats> {
    let total = 0;
    let privateCount = 0;
    let pinned = 0;
    const perDay = new Map<string, number>();
    const categories = new Map<string, number>();
    const tags = new Map<string, number>();
    for await (const page of this.memories.pages(context.namespace, PAGE_SIZE)) {
      for (const memory of page) {
        total += 1;
        if (memory.isPrivate) privateCount += 1;
        if (memory.importance === 5) pinned += 1;
        increment(perDay, utcDay(memory.createdAt));
        increment(categories, memory.category);
        for (const tag of memory.tags) increment(tags, tag);
      }
    }
    return {
      total,
      private: privateCount,
      pinned,
      createdPerDay: [...perDay]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, count]) => ({ day, count })),
      categories: mostUsed(categories),
      tags: mostUsed(tags).slice(0, TOP_TAGS),
    };
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function mostUsed(counts: Map<string, number>): NamedCount[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
