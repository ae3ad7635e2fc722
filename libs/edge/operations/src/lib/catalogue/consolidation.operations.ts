/** Tidying memory and the start of a session: consolidate, merge_memories, wake_up (behaviour §4.8, §4.9, §4.11). */
import { z } from 'zod';
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import { AppError } from '@kioku/kernel';
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
import { conflict, memoryNotFound } from '../rest.errors';

function mergeRequest(input: z.output<typeof mergeMemoriesInputSchema>) {
  return { keepId: input.keep_id, removeId: input.remove_id, mergedContent: input.merged_content };
}

function consolidateRequest(input: z.output<typeof consolidateInputSchema>) {
  return { windowHours: input.window_hours, dryRun: input.dry_run };
}

/** An episode summary needs a client that lends its model (runWithClient). */
async function runConsolidate(
  container: Container,
  input: z.output<typeof consolidateInputSchema>,
  context: CallContext,
): Promise<ConsolidateResult> {
  if (input.episode !== undefined)
    throw AppError.invalidInput('episode needs a client that offers sampling: its model drafts the summary.');
  const { ConsolidateUseCase } = await import('@kioku/consolidation');
  return container.get(ConsolidateUseCase).execute(consolidateRequest(input), context);
}

async function runMerge(
  container: Container,
  input: z.output<typeof mergeMemoriesInputSchema>,
  context: CallContext,
): Promise<MergeMemoriesResult> {
  const { MergeMemoriesUseCase } = await import('@kioku/consolidation');
  return container.get(MergeMemoriesUseCase).execute(mergeRequest(input), context);
}

export const wakeUp = defineOperation({
  id: 'wake_up',
  title: 'Wake up',
  description: 'Call at the start of a session: a short orientation on your memory.',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.object({}),
  output: wakeUpOutputSchema,
  run: async (container, _input, context) => {
    const { WakeUpUseCase } = await import('@kioku/consolidation');
    return container.get(WakeUpUseCase).execute({}, context);
  },
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
    'Tidy recent memory (window_hours, default 24): link, prune weak links, list near-duplicates and fading memories. ' +
    'A client that lends its model may ask it for an episode summary of the window: episode "draft" (not saved) or "save".',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: consolidateInputSchema,
  output: consolidateOutputSchema,
  run: runConsolidate,
  runWithClient: async (container, input, context, { model }) => {
    const { episode } = input;
    if (!model || episode === undefined) return runConsolidate(container, input, context);
    const request = { ...consolidateRequest(input), episode };
    return (await import('../person/episode-with-model')).consolidateWithModel(
      container,
      request,
      context,
      model,
    );
  },
  text: consolidateText,
  structured: consolidateStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/consolidate',
      tag: 'consolidation',
      // episode is MCP's (a client's model drafts the summary): refused over REST, not left unheard.
      body: consolidateInputSchema.omit({ episode: true }).strict(),
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
  run: runMerge,
  runWithClient: async (container, input, context, { person }) =>
    person
      ? (await import('../person/merge-with-person')).mergeWithPerson(
          container,
          mergeRequest(input),
          context,
          person,
        )
      : runMerge(container, input, context),
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
