/** Tidying memory and the start of a session: consolidate, merge_memories, wake_up (behaviour §4.8, §4.9, §4.11). */
import { z } from 'zod';
import type { ConsolidateResult, MergeMemoriesResult, WakeUpResult } from '@kioku/consolidation';
import { consolidateInputSchema, mergeMemoriesInputSchema } from '@kioku/consolidation/schemas';
import {
  consolidateOutputSchema,
  consolidateStructured,
  consolidateText,
  mergedSchema,
  mergeMemoriesStructured,
  mergeMemoriesText,
  mergeMemoriesToolOutputSchema,
  wakeUpOutputSchema,
  wakeUpStructured,
  wakeUpText,
} from '@kioku/presenters';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { conflict, memoryNotFound } from '../rest-errors';

const consolidation = () => import('@kioku/consolidation');

function mergeRequest(input: z.output<typeof mergeMemoriesInputSchema>) {
  return { keepId: input.keep_id, removeId: input.remove_id, mergedContent: input.merged_content };
}

export const wakeUp = defineOperation({
  id: 'wake_up',
  title: 'Wake up',
  description: 'Call at the start of a session: a short orientation on your memory.',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.object({}),
  output: wakeUpOutputSchema,
  run: async (container, _input, context) =>
    container.get((await consolidation()).WakeUpUseCase).execute({}, context),
  text: wakeUpText,
  structured: wakeUpStructured,
  http: [
    httpRoute({
      method: 'GET',
      path: '/v1/wake-up',
      tag: 'consolidation',
      responses: {
        200: { description: 'Counts, recent memories, pending merge candidates', schema: wakeUpOutputSchema },
      },
      respond: (result: WakeUpResult) => ok(wakeUpStructured(result)),
    }),
  ],
});

export const consolidate = defineOperation({
  id: 'consolidate',
  title: 'Consolidate',
  description:
    'Tidy recent memory (window_hours, default 24): link, prune weak links, list near-duplicates and fading memories.',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: consolidateInputSchema,
  output: consolidateOutputSchema,
  run: async (container, input, context) =>
    container
      .get((await consolidation()).ConsolidateUseCase)
      .execute({ windowHours: input.window_hours, dryRun: input.dry_run }, context),
  text: consolidateText,
  structured: consolidateStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/consolidate',
      tag: 'consolidation',
      responses: {
        200: { description: 'What consolidation did and proposes', schema: consolidateOutputSchema },
      },
      respond: (result: ConsolidateResult) => ok(consolidateStructured(result)),
    }),
  ],
});

export const mergeMemories = defineOperation({
  id: 'merge_memories',
  title: 'Merge two memories',
  description:
    'Fold remove_id into keep_id (optionally with merged_content); links carry over, remove_id goes to the trash. A client that can ask its user asks them first.',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: mergeMemoriesInputSchema,
  output: mergeMemoriesToolOutputSchema,
  run: async (container, input, context) =>
    container.get((await consolidation()).MergeMemoriesUseCase).execute(mergeRequest(input), context),
  runWithPerson: async (container, input, context, person) =>
    (await import('../person/merge-with-person')).mergeWithPerson(
      container,
      mergeRequest(input),
      context,
      person,
    ),
  text: mergeMemoriesText,
  structured: mergeMemoriesStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/merge',
      tag: 'consolidation',
      responses: { 200: { description: 'Merged', schema: mergedSchema } },
      problems: ['MEMORY_NOT_FOUND', 'CONFLICT'],
      respond: (result: MergeMemoriesResult, input: { keep_id: string }) => {
        if (result.status === 'not_found') throw memoryNotFound(...result.missingIds);
        if (result.status === 'protected')
          throw conflict(
            `Not merged: ${result.memory.id === input.keep_id ? 'keep_id' : 'remove_id'} is protected (pinned or a protected category).`,
          );
        return ok(mergeMemoriesStructured(result));
      },
    }),
  ],
});
