/** Tunables of the memory use cases (SPEC §4 defaults; the composition lib fills them from config). */
import type { DistanceThresholds } from '@kioku/embeddings';

export interface MemorySettings extends DistanceThresholds {
  maxAutoLinks: number;
  maxContentLength: number;
  /** Minimum character n-gram overlap (Dice) before a close vector counts as a duplicate. */
  dedupSurfaceOverlap: number;
  /** Run Hopfield completion in recall (SPEC §4.2 step 4). */
  hopfield: boolean;
  /** Category names that are never forgotten. */
  protectedCategories: string[];
}

/** The seeds' thresholds (set for large cloud embedding models). */
export const DEFAULT_MEMORY_SETTINGS: MemorySettings = {
  dedupDistance: 0.05,
  linkDistance: 0.3,
  mergeDistance: 0.1,
  maxAutoLinks: 5,
  maxContentLength: 16_000,
  dedupSurfaceOverlap: 0.1,
  hopfield: true,
  protectedCategories: ['lesson'],
};
