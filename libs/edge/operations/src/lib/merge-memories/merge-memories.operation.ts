/** merge_memories: fold one memory into another, asking the person first when the client can (behaviour §4.9). */
import type { z } from 'zod';
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import type { MergeMemoriesResult } from '@kioku/consolidation';
import { mergeMemoriesInputSchema } from '@kioku/consolidation/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { conflict, memoryNotFound } from '../rest.errors';
import { variant } from '../shared/output-schema';
import { mergeMemoriesOutput, mergeMemoriesStructured, mergeMemoriesText } from './merge-memories.presenter';

function mergeRequest(input: z.output<typeof mergeMemoriesInputSchema>) {
  return { keepId: input.keep_id, removeId: input.remove_id, mergedContent: input.merged_content };
}

async function runMerge(
  container: Container,
  input: z.output<typeof mergeMemoriesInputSchema>,
  context: CallContext,
): Promise<MergeMemoriesResult> {
  const { MergeMemoriesUseCase } = await import('@kioku/consolidation');
  return container.get(MergeMemoriesUseCase).execute(mergeRequest(input), context);
}

export const mergeMemories = defineOperation({
  id: 'merge_memories',
  title: 'Merge two memories',
  description:
    'Fold remove_id into keep_id (optionally with merged_content); links carry over, remove_id goes to the trash. A client that can ask its user asks them first.',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: mergeMemoriesInputSchema,
  output: mergeMemoriesOutput,
  run: runMerge,
  runWithClient: async (container, input, context, { person }) =>
    person
      ? (await import('./merge-with-person')).mergeWithPerson(container, mergeRequest(input), context, person)
      : runMerge(container, input, context),
  text: mergeMemoriesText,
  structured: mergeMemoriesStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/merge',
      tag: 'consolidation',
      responses: { 200: { description: 'Merged', schema: variant(mergeMemoriesOutput, 'merged') } },
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
