/**
 * The auto-links a memory without any link should have (behaviour §4.1 step 4): a process killed
 * between storing a chunk of memories and writing its links leaves them unlinked. `remember` linked
 * each memory to its nearest memories among those stored before it, so the same rule is applied
 * again: earlier = created before it, or created with it (one batch, one time) and before it in its
 * conversation thread. Pure: the caller reads the memories and writes the links.
 */
import type { Link } from '@kioku/links';
import { autoLinks, type Memory, type MemoryMatch } from '@kioku/memory';

/** Each memory's place among the memories created at the same instant: its depth in its thread. */
export function threadRanks(memories: Iterable<Pick<Memory, 'id' | 'createdAt' | 'precedingId'>>) {
  const byId = new Map<string, Pick<Memory, 'id' | 'createdAt' | 'precedingId'>>();
  for (const memory of memories) byId.set(memory.id, memory);
  const ranks = new Map<string, number>();
  const rank = (id: string): number => {
    const known = ranks.get(id);
    if (known !== undefined) return known;
    const memory = byId.get(id);
    const before = memory?.precedingId ? byId.get(memory.precedingId) : undefined;
    ranks.set(id, 0); // a cycle (never written by kioku) ends here
    const value = before && before.createdAt === memory?.createdAt ? rank(before.id) + 1 : 0;
    ranks.set(id, value);
    return value;
  };
  return (id: string) => rank(id);
}

/** The links `remember` would have written for `memory`, from its nearest memories. */
export function missingAutoLinks(
  memory: Memory,
  nearest: MemoryMatch[],
  rankOf: (id: string) => number,
  settings: { linkDistance: number; maxAutoLinks: number },
): Link[] {
  const storedBefore = nearest.filter(
    ({ memory: other }) =>
      other.id !== memory.id &&
      (other.createdAt < memory.createdAt ||
        (other.createdAt === memory.createdAt && rankOf(other.id) < rankOf(memory.id))),
  );
  return autoLinks(memory.id, storedBefore, settings.linkDistance, settings.maxAutoLinks, memory.createdAt)
    .links;
}
