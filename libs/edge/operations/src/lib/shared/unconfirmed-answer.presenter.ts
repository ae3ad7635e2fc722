/**
 * What the person behind an MCP client answered when kioku asked them to confirm a deletion
 * (elicitation), when it was anything but yes. Nothing is deleted on any of these.
 */
import { z } from 'zod';

const UNCONFIRMED_ANSWERS = [
  /** They said no. */
  'declined',
  /** They dismissed the question without choosing. */
  'cancelled',
  /** They accepted the form without ticking its confirmation. */
  'unticked',
  /** No answer within the confirmation window. */
  'timed_out',
  /** The question could not be asked or answered (the client failed or went away). */
  'unanswered',
] as const;

export type UnconfirmedAnswer = (typeof UNCONFIRMED_ANSWERS)[number];

export const unconfirmedAnswerSchema = z.enum(UNCONFIRMED_ANSWERS);

/** Why nothing happened, as the end of a sentence for the agent to read ("Nothing was deleted: …"). */
export function unconfirmedReason(answer: UnconfirmedAnswer, confirmWithin: string): string {
  switch (answer) {
    case 'declined':
      return 'the user declined.';
    case 'cancelled':
      return 'the user dismissed the question.';
    case 'unticked':
      return 'the user did not tick the confirmation.';
    case 'timed_out':
      return `the user did not answer within ${confirmWithin}.`;
    case 'unanswered':
      return 'the question to the user could not be asked or went unanswered.';
  }
}
