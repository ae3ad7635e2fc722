/**
 * Text of forget by ids (behaviour §4.5): the confirmation, the deletion, a refusal, or a section per
 * outcome; or, when the client let kioku ask its person and they did not confirm, what they were asked
 * and that nothing was deleted. And the lines the forget texts share.
 */
import { MEMORY_ID_PATTERN, relativeAge, snippet } from '@kioku/kernel';
import type { ForgetResult, ProtectedRefusal } from '@kioku/forgetting';
import type { Memory } from '@kioku/memory';
import { composeResponse, NOT_FOUND_SCAFFOLD } from '../shared/compose-response.presenter';
import { unconfirmedReason, type UnconfirmedAnswer } from '../shared/unconfirmed-answer.presenter';

/** What forget answers over MCP when the person asked did not confirm. */
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

/** Where to look for candidates. */
export const QUERY_MODE_HINT = 'To list candidates with their ids, call forget with query.';

/** Until when a deletion can be undone. */
export function restoreLine(restorableUntil: string | null): string {
  return restorableUntil
    ? `\nIt can be restored with restore until ${restorableUntil.slice(0, 10)} (trash retention).`
    : '\nThe trash is off (retention 0 days): this cannot be undone.';
}

const FORGOT_SCAFFOLD =
  'This memory is gone. Was there anything worth preserving in a new form?\n' +
  'If this was part of a merge, save the consolidated version with remember.';

export function idsText(result: Extract<ForgetResult, { mode: 'ids' }>, now: Date): string {
  const single =
    result.forgotten.length + result.pending.length + result.notFound.length + result.refused.length === 1;
  if (single && result.forgotten.length === 1)
    return forgotOneText(result.forgotten[0], now, result.restorableUntil);
  if (single && result.pending.length === 1) return confirmText(result.pending[0], now, result.confirmWithin);
  if (single && result.notFound.length === 1) return notFoundText(result.notFound[0]);
  if (single && result.refused.length === 1) return refusedText(result.refused[0]);

  const sections: string[] = [];
  if (result.forgotten.length > 0) {
    sections.push(
      [
        `Forgot ${result.forgotten.length} memories:`,
        ...result.forgotten.map(
          (m) => `- ${m.id} (${relativeAge(new Date(m.createdAt), now)}): ${snippet(m.content, 120)}`,
        ),
      ].join('\n') + restoreLine(result.restorableUntil),
    );
  }
  if (result.pending.length > 0) {
    sections.push(
      [
        `Please confirm: forget these ${result.pending.length}? Call forget again with the same memory_ids within ${result.confirmWithin} to delete them.`,
        ...result.pending.map(
          (p) => `- ${p.memoryId} (${relativeAge(new Date(p.memory.createdAt), now)}): "${p.contentPreview}"`,
        ),
      ].join('\n'),
    );
  }
  if (result.notFound.length > 0) sections.push(`Memory not found: ${result.notFound.join(', ')}`);
  for (const refusal of result.refused) sections.push(refusalLine(refusal));
  const scaffold =
    result.forgotten.length > 0
      ? FORGOT_SCAFFOLD
      : result.notFound.length > 0
        ? `${NOT_FOUND_SCAFFOLD} ${QUERY_MODE_HINT}`
        : undefined;
  return composeResponse(sections.join('\n\n'), scaffold);
}

/** The person was asked and did not confirm: what they were asked about, and the other outcomes. */
export function notConfirmedText(result: ForgetNotConfirmed): string {
  const sections = [
    `Nothing was deleted: ${unconfirmedReason(result.answer, result.confirmWithin)} Asked about: ${result.asked.join(', ')}.`,
  ];
  if (result.notFound.length > 0) sections.push(`Memory not found: ${result.notFound.join(', ')}`);
  for (const refusal of result.refused) sections.push(refusalLine(refusal));
  return composeResponse(sections.join('\n\n'), 'Respect the answer: ask the user before trying again.');
}

function forgotOneText(memory: Memory, now: Date, restorableUntil: string | null): string {
  return composeResponse(
    `Forgot (id: ${memory.id}, ${relativeAge(new Date(memory.createdAt), now)}): ${snippet(memory.content, 120)}\n` +
      `Emotion: ${memory.emotion.primary} | Importance: ${memory.importance}` +
      restoreLine(restorableUntil),
    FORGOT_SCAFFOLD,
  );
}

function confirmText(
  pending: Extract<ForgetResult, { mode: 'ids' }>['pending'][number],
  now: Date,
  within: string,
): string {
  return (
    `Please confirm: forget "${pending.contentPreview}" (id: ${pending.memoryId}, ${relativeAge(new Date(pending.memory.createdAt), now)})? ` +
    `Call forget again with the same memory_id within ${within} to delete it.`
  );
}

function notFoundText(memoryId: string): string {
  const scaffold = MEMORY_ID_PATTERN.test(memoryId)
    ? NOT_FOUND_SCAFFOLD
    : `${NOT_FOUND_SCAFFOLD} ${QUERY_MODE_HINT}`;
  return composeResponse(`Memory not found: ${memoryId}`, scaffold);
}

function refusalLine(refusal: ProtectedRefusal): string {
  return refusal.reason === 'pinned'
    ? `Not forgotten: ${refusal.memory.id} is pinned (importance 5).`
    : `Not forgotten: ${refusal.memory.id} is in the protected category "${refusal.memory.category}".`;
}

function refusedText(refusal: ProtectedRefusal): string {
  return composeResponse(
    refusalLine(refusal),
    refusal.reason === 'pinned'
      ? 'To forget it, first lower its importance with update_memory, then call forget again (twice).'
      : 'Protected categories cannot be forgotten through forget. If the category is wrong, correct it with update_memory first.',
  );
}
