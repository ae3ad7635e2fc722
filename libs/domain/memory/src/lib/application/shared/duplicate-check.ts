/**
 * Which neighbour, if any, a new content repeats (behaviour §4.1 step 3): the nearest memory must be
 * closer than the dedup distance AND share enough surface, with no number, date, negation or name
 * telling them apart.
 */
import { duplicateSignals } from '../../domain/duplicate-guard';
import type { MemorySettings } from '../../memory-settings';
import type { MemoryMatch } from '../memory.repository';

export function findDuplicate(
  content: string,
  neighbours: MemoryMatch[],
  settings: Pick<MemorySettings, 'dedupDistance' | 'dedupSurfaceOverlap'>,
): MemoryMatch | undefined {
  const nearest = neighbours[0];
  if (!nearest || nearest.distance >= settings.dedupDistance) return undefined;
  const signals = duplicateSignals(content, nearest.memory.content);
  if (signals.surfaceOverlap < settings.dedupSurfaceOverlap || signals.factDifference) return undefined;
  return nearest;
}
