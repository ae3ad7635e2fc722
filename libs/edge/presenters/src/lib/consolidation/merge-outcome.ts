/**
 * What merge_memories answers over MCP: the use case's result, or — when the client let kioku ask its
 * person and they did not confirm — the pair they were asked about, nothing changed.
 */
import type { MergeMemoriesResult } from '@kioku/consolidation';
import type { UnconfirmedAnswer } from '../person/unconfirmed-answer';

interface MergeNotConfirmed {
  status: 'not_confirmed';
  answer: UnconfirmedAnswer;
  keepId: string;
  removeId: string;
  /** The confirmation window in words, e.g. `5 minutes` (how long the question waited). */
  confirmWithin: string;
}

export type MergeOutcome = MergeMemoriesResult | MergeNotConfirmed;
