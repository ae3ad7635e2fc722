/**
 * The nearest memories of one batch item: those the store returned, and the items saved before it in
 * the same batch (not in the store yet), merged by distance. So an item meets its predecessors exactly
 * as it would have, had each been remembered one at a time.
 */
import { cosineDistance } from '@kioku/vector-store';
import type { Memory } from '../../domain/memory';
import type { MemoryMatch } from '../memory.repository';

export function batchNeighbours(
  vector: number[],
  fromStore: MemoryMatch[],
  savedBefore: { memory: Memory; vector: number[] }[],
  limit: number,
): MemoryMatch[] {
  const inBatch = savedBefore.map((s) => ({ ...s, distance: cosineDistance(vector, s.vector) }));
  return [...fromStore, ...inBatch].sort((a, b) => a.distance - b.distance).slice(0, limit);
}
