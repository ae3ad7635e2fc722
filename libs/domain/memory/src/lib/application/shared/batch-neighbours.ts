/**
 * The nearest memories of one batch item: those the store returned, and the items decided before it
 * in the same batch (which the store may not hold yet), merged by distance, each memory once. So an
 * item meets its predecessors exactly as it would have, had each been remembered one at a time.
 */
import { cosineDistance } from '@kioku/similarity';
import type { Memory } from '../../domain/memory';
import type { MemoryMatch } from '../memory.repository';

export function batchNeighbours(
  vector: number[],
  fromStore: MemoryMatch[],
  decidedBefore: { memory: Memory; vector: number[] }[],
  limit: number,
): MemoryMatch[] {
  const inBatch = decidedBefore.map((s) => ({
    memory: s.memory,
    vector: s.vector,
    distance: cosineDistance(vector, s.vector),
  }));
  const batchIds = new Set(inBatch.map((m) => m.memory.id));
  // An earlier chunk may already be written: its memories come back from the store too.
  const stored = fromStore.filter((m) => !batchIds.has(m.memory.id));
  return [...stored, ...inBatch].sort((a, b) => a.distance - b.distance).slice(0, limit);
}
