/**
 * The person behind the caller, when the transport can ask them (MCP elicitation). An operation that
 * deletes asks them first and deletes only on their own yes — a second step no agent loop can take
 * for them. REST callers have no such person: their deletes keep the two-step token.
 */
import type { UnconfirmedAnswer } from '../shared/unconfirmed-answer.presenter';

export interface ConfirmationQuestion {
  /** What will happen, as the person reads it (a private memory's text never appears). */
  message: string;
  /** The label of the one box they tick to confirm. */
  confirmLabel: string;
  /** How long to wait for the answer: a question left unanswered confirms nothing. */
  timeoutMs: number;
}

export type PersonAnswer = 'confirmed' | UnconfirmedAnswer;

export interface Person {
  /** Asks the person; resolves with their answer (never rejects: a failure is `unanswered`). */
  confirm(question: ConfirmationQuestion): Promise<PersonAnswer>;
}
