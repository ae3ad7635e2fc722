/**
 * The rankings the retrieval benchmark compares: kioku's own (the configured settings, exactly what
 * users get) and ablations that switch one part off (or, for a stage that is off by default, on), so
 * that every stage shows what it does to evidence recall.
 */
import type { MemorySettings } from '@kioku/memory';

export interface RankingVariant {
  name: string;
  /** Changes to the configured settings; empty for kioku's own ranking. */
  overrides: Partial<MemorySettings>;
}

const NO_LATER_STAGES: Partial<MemorySettings> = {
  contiguity: 0,
  scoring: false,
  hopfield: false,
  spreading: false,
};

export const KIOKU_RANKING: RankingVariant = { name: 'kioku (as configured)', overrides: {} };

export const ABLATIONS: RankingVariant[] = [
  { name: 'lexical only (BM25)', overrides: { ...NO_LATER_STAGES, denseWeight: 0 } },
  { name: 'dense only', overrides: { ...NO_LATER_STAGES, denseWeight: 1 } },
  { name: 'fusion, no later stage', overrides: NO_LATER_STAGES },
  { name: 'without contiguity', overrides: { contiguity: 0 } },
  { name: 'without scoring', overrides: { scoring: false } },
  { name: 'without spreading', overrides: { spreading: false } },
  { name: 'with Hopfield', overrides: { hopfield: true } },
];
