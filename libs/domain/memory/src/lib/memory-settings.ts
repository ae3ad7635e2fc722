/** Tunables of the memory use cases (behaviour §4 defaults; the composition lib fills them from config). */
import type { DistanceThresholds } from '@kioku/embeddings';

export interface MemorySettings extends DistanceThresholds {
  maxAutoLinks: number;
  maxContentLength: number;
  /** Most memories one batch remember takes (KIOKU_MAX_BATCH_SIZE). */
  maxBatchSize: number;
  /** Minimum character n-gram overlap (Dice) before a close vector counts as a duplicate. */
  dedupSurfaceOverlap: number;
  /** Run Hopfield completion in recall (behaviour §4.2 step 4). */
  hopfield: boolean;
  /** Weight of the dense (meaning) ranking in recall's fusion; the lexical ranking gets the rest. */
  denseWeight: number;
  /** Scale the lexical ranking by the share of the query its best hit covers (docs/retrieval.md, step 2). */
  coverage: boolean;
  /** Share of a thread neighbour's relevance a memory earns (0 turns contiguity off). */
  contiguity: number;
  /** Weight of the second lexical pass expanded with words of the first hits (0 turns feedback off). */
  feedback: number;
  /** Share of a linked matching memory's relevance a memory earns (0 turns evidence chains off). */
  chains: number;
  /** How much a query that names a memory's label raises it (× (1 + labelKey); 0 turns the key off). */
  labelKey: number;
  /** How much a memory that says when counts for a query that asks when (× (1 + timeKey); 0 turns it off). */
  timeKey: number;
  /** Penalty for word overlap with a better result in the top n (0 turns diversity off). */
  diversity: number;
  /** Decay, emotion and importance scoring on top of relevance (behaviour §4.2 step 3). */
  scoring: boolean;
  /** Spreading activation over links (behaviour §4.2 step 5). */
  spreading: boolean;
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
  maxBatchSize: 128,
  dedupSurfaceOverlap: 0.1,
  hopfield: false,
  denseWeight: 0.3,
  coverage: true,
  contiguity: 0.3,
  feedback: 0,
  chains: 0.5,
  labelKey: 2,
  timeKey: 1,
  diversity: 0,
  scoring: true,
  spreading: true,
  protectedCategories: ['lesson'],
};
