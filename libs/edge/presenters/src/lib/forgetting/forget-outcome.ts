/**
 * What forget answers over MCP: the use case's result, or — when the client let kioku ask its person
 * and they did not confirm — what they were asked and that nothing was deleted.
 */
import type { ForgetResult, ProtectedRefusal } from '@kioku/forgetting';
import type { UnconfirmedAnswer } from '../person/unconfirmed-answer';

export interface ForgetNotConfirmed {
  mode: 'not_confirmed';
  answer: UnconfirmedAnswer;
  /** The ids the person was asked to let go (a sweep's drop list, or the ids that could be deleted). */
  asked: string[];
  notFound: string[];
  refused: ProtectedRefusal[];
  /** The confirmation window in words, e.g. `5 minutes` (how long the question waited). */
  confirmWithin: string;
}

export type ForgetOutcome = ForgetResult | ForgetNotConfirmed;
