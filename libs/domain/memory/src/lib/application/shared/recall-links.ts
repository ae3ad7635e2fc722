/**
 * The links one recall reads of its candidates, memory by memory and only when needed. A memory's
 * strongest link only stretches its decay (scoring), and a score grows with it, so a candidate can be
 * scored with 1 in its place (a bound) until it may reach the places asked for; reading every link of
 * every candidate cost recall most of its time where similar memories pile up links (100k).
 */
import type { Link, LinkRepository } from '@kioku/links';

export class RecallLinks {
  /** The links of each memory read so far, oriented from it. */
  private readonly read = new Map<string, Link[]>();
  /** The confidence of each read memory's strongest link (0 without links). */
  private readonly strongest = new Map<string, number>();

  constructor(
    private readonly links: LinkRepository,
    private readonly namespace: string,
  ) {}

  /** Reads the links of the memories not read yet. */
  async readFor(memoryIds: string[]): Promise<void> {
    const unread = [...new Set(memoryIds)].filter((id) => !this.read.has(id));
    if (unread.length === 0) return;
    const byId = new Map(unread.map((id) => [id, [] as Link[]]));
    for (const link of await this.links.linksFrom(this.namespace, unread))
      byId.get(link.sourceId)!.push(link);
    for (const [id, links] of byId) {
      this.read.set(id, links);
      this.strongest.set(id, Math.max(0, ...links.map((link) => link.confidence)));
    }
  }

  isRead(memoryId: string): boolean {
    return this.read.has(memoryId);
  }

  /** The links from the memory (read first). */
  from(memoryId: string): Link[] {
    return this.read.get(memoryId) ?? [];
  }

  /** The confidence of the memory's strongest link (0 without links); 1, the bound, while unread. */
  strongestOrBound(memoryId: string): number {
    return this.strongest.get(memoryId) ?? 1;
  }
}
