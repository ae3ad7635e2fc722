/**
 * Auto-linking (behaviour §4.1 step 4): among the nearest memories (not itself) closer than the link
 * distance, up to `maxAutoLinks` get a `similar` link in both directions with confidence 1 − distance.
 */
import type { Link } from '@kioku/links';
import type { MemoryMatch } from '../memory.repository';

export function autoLinks(
  memoryId: string,
  neighbours: MemoryMatch[],
  linkDistance: number,
  maxAutoLinks: number,
  createdAt: string,
): { links: Link[]; linked: MemoryMatch[] } {
  const linked = neighbours
    .filter((n) => n.memory.id !== memoryId && n.distance < linkDistance)
    .slice(0, maxAutoLinks);
  const links = linked.map<Link>((n) => ({
    sourceId: memoryId,
    targetId: n.memory.id,
    type: 'similar',
    confidence: Math.min(1, Math.max(0, 1 - n.distance)),
    note: '',
    createdAt,
  }));
  return { links, linked };
}
