/**
 * What merge_memories answers (behaviour §4.9): the text the agent reads, and the structured view that
 * is MCP `structuredContent` and the REST body, with its schema. Over MCP the result may also be that
 * the person, asked by kioku, did not confirm: the pair they were asked about, nothing changed.
 */
import { z } from 'zod';
import type { MergeMemoriesResult } from '@kioku/consolidation';
import { notFoundText } from '../shared/compose-response.presenter';
import { memoriesMissingSchema, memoryRefSchema } from '../shared/memory-view.presenter';
import type { VariantFor } from '../shared/output-schema';
import {
  unconfirmedAnswerSchema,
  unconfirmedReason,
  type UnconfirmedAnswer,
} from '../shared/unconfirmed-answer.presenter';

interface MergeNotConfirmed {
  status: 'not_confirmed';
  answer: UnconfirmedAnswer;
  keepId: string;
  removeId: string;
  /** The confirmation window in words, e.g. `5 minutes` (how long the question waited). */
  confirmWithin: string;
}

export type MergeOutcome = MergeMemoriesResult | MergeNotConfirmed;

export const mergeMemoriesOutput = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('merged'),
    keptId: z.string(),
    removedId: z.string(),
    linksMoved: z.number(),
    contentChanged: z.boolean(),
    memories: z.array(memoryRefSchema),
  }),
  memoriesMissingSchema,
  z.strictObject({ status: z.literal('protected'), memoryId: z.string(), private: z.boolean() }),
  z.strictObject({
    status: z.literal('not_confirmed'),
    answer: unconfirmedAnswerSchema,
    keepId: z.string(),
    removeId: z.string(),
  }),
]);
type MergeMemoriesOutput = z.output<typeof mergeMemoriesOutput>;

export function mergeMemoriesText(result: MergeOutcome): string {
  switch (result.status) {
    case 'merged':
      return (
        `Merged ${result.removed.id} into ${result.kept.id}` +
        (result.contentChanged ? ' (content updated and re-embedded)' : '') +
        `. ${result.linksMoved} link(s) carried over` +
        (result.episodesUpdated > 0 ? `, ${result.episodesUpdated} episode(s) updated` : '') +
        `. ${result.removed.id} is in the trash; restore brings it back.`
      );
    case 'not_found':
      return notFoundText(result.missingIds.join(', '));
    case 'protected':
      return `Not merged: ${result.memory.id} is protected (pinned or a protected category). Keep it, or lower its importance with update_memory first.`;
    case 'not_confirmed':
      return (
        `Not merged: ${unconfirmedReason(result.answer, result.confirmWithin)} ` +
        `Asked about folding ${result.removeId} into ${result.keepId}; both are unchanged.`
      );
  }
}

export function mergeMemoriesStructured<R extends MergeOutcome>(
  result: R,
): VariantFor<MergeMemoriesOutput, 'status', R>;
export function mergeMemoriesStructured(result: MergeOutcome): MergeMemoriesOutput {
  switch (result.status) {
    case 'merged':
      return {
        status: result.status,
        keptId: result.kept.id,
        removedId: result.removed.id,
        linksMoved: result.linksMoved,
        contentChanged: result.contentChanged,
        memories: [result.kept, result.removed].map((m) => ({ id: m.id, private: m.isPrivate })),
      };
    case 'not_found':
      return { status: result.status, missingIds: result.missingIds };
    case 'protected':
      return { status: result.status, memoryId: result.memory.id, private: result.memory.isPrivate };
    case 'not_confirmed':
      return {
        status: result.status,
        answer: result.answer,
        keepId: result.keepId,
        removeId: result.removeId,
      };
  }
}
