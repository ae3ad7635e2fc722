/**
 * What a namespace holds, counted one memory at a time: how many memories, how many private and
 * pinned, how many were created each UTC day, and how they spread over categories and tags.
 */
import { utcDay } from '@kioku/kernel';
import type { Memory } from './memory';

interface NamedCount {
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

const TOP_TAGS = 30;

export class NamespaceTally {
  private total = 0;
  private privateCount = 0;
  private pinned = 0;
  private readonly perDay = new Map<string, number>();
  private readonly categories = new Map<string, number>();
  private readonly tags = new Map<string, number>();

  add(memory: Memory): void {
    this.total += 1;
    if (memory.isPrivate) this.privateCount += 1;
    if (memory.importance === 5) this.pinned += 1;
    increment(this.perDay, utcDay(memory.createdAt));
    increment(this.categories, memory.category);
    for (const tag of memory.tags) increment(this.tags, tag);
  }

  result(): NamespaceStats {
    return {
      total: this.total,
      private: this.privateCount,
      pinned: this.pinned,
      createdPerDay: [...this.perDay]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, count]) => ({ day, count })),
      categories: mostUsed(this.categories),
      tags: mostUsed(this.tags).slice(0, TOP_TAGS),
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
