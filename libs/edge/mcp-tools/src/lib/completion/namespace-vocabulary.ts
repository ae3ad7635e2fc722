/**
 * What a namespace's completions offer, kept in memory: every memory's id (newest first), whether it
 * is private, and its tags, counted for public memories and for all. Kept up to date one memory at a
 * time (`put`, `remove`). Tags used only by private memories, and private memories' ids, are offered
 * only when private ones are asked for.
 */
export interface VocabularyEntry {
  id: string;
  createdAtMs: number;
  isPrivate: boolean;
  tags: string[];
}

interface TagCount {
  public: number;
  all: number;
}

export class NamespaceVocabulary {
  private readonly byId = new Map<string, VocabularyEntry>();
  /** Oldest first: new memories are appended, the rare older one (a restore) is inserted in place. */
  private readonly ordered: VocabularyEntry[] = [];
  private readonly tagCounts = new Map<string, TagCount>();

  get size(): number {
    return this.byId.size;
  }

  put(entry: VocabularyEntry): void {
    this.remove(entry.id);
    this.byId.set(entry.id, entry);
    let at = this.ordered.length;
    while (at > 0 && this.ordered[at - 1].createdAtMs > entry.createdAtMs) at -= 1;
    this.ordered.splice(at, 0, entry);
    this.count(entry, +1);
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.ordered.splice(this.ordered.lastIndexOf(entry), 1);
    this.count(entry, -1);
  }

  /** The ids starting with `prefix`, newest first. */
  ids(prefix: string, includePrivate: boolean): string[] {
    const found: string[] = [];
    for (let i = this.ordered.length - 1; i >= 0; i -= 1) {
      const entry = this.ordered[i];
      if ((includePrivate || !entry.isPrivate) && entry.id.startsWith(prefix)) found.push(entry.id);
    }
    return found;
  }

  /** The tags in use starting with `prefix` (any case), most used first. */
  tags(prefix: string, includePrivate: boolean): string[] {
    const start = prefix.toLowerCase();
    const uses = (count: TagCount) => (includePrivate ? count.all : count.public);
    return [...this.tagCounts]
      .filter(([tag, count]) => uses(count) > 0 && tag.toLowerCase().startsWith(start))
      .sort(([a, x], [b, y]) => uses(y) - uses(x) || a.localeCompare(b))
      .map(([tag]) => tag);
  }

  private count(entry: VocabularyEntry, step: 1 | -1): void {
    for (const tag of new Set(entry.tags)) {
      const count = this.tagCounts.get(tag) ?? { public: 0, all: 0 };
      count.all += step;
      if (!entry.isPrivate) count.public += step;
      if (count.all > 0) this.tagCounts.set(tag, count);
      else this.tagCounts.delete(tag);
    }
  }
}
