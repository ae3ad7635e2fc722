/** create_episode: group memories of one event under a summary (behaviour §4.10). */
import type { Container } from 'inversify';
import type { z } from 'zod';
import type { CallContext } from '@kioku/call-context';
import type { CreateEpisodeResult } from '@kioku/episodes';
import { AppError } from '@kioku/kernel';
import { createEpisodeInputSchema } from '@kioku/episodes/schemas';
import { created } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { createEpisodeOutput, createEpisodeStructured, createEpisodeText } from './create-episode.presenter';

/** The summary may be left out only by a client whose model drafts it (runWithClient). */
async function runCreateEpisode(
  container: Container,
  input: z.output<typeof createEpisodeInputSchema>,
  context: CallContext,
): Promise<CreateEpisodeResult> {
  if (input.summary === undefined)
    throw AppError.invalidInput(
      'summary is required (a client that offers sampling may leave it to its model).',
    );
  const { CreateEpisodeUseCase } = await import('@kioku/episodes');
  return container
    .get(CreateEpisodeUseCase)
    .execute({ memoryIds: input.memory_ids, summary: input.summary }, context);
}

export const createEpisode = defineOperation({
  id: 'create_episode',
  title: 'Create an episode',
  description:
    'Group memories (by id) of one event under a summary. A client that lends its model may leave summary out: the model drafts it from the public memories.',
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: createEpisodeInputSchema,
  output: createEpisodeOutput,
  run: runCreateEpisode,
  runWithClient: async (container, input, context, { model }) =>
    model && input.summary === undefined
      ? (await import('../person/episode-with-model')).createEpisodeWithModel(
          container,
          input.memory_ids,
          context,
          model,
        )
      : runCreateEpisode(container, input, context),
  text: createEpisodeText,
  structured: createEpisodeStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/episodes',
      tag: 'episodes',
      description: 'Unknown ids are dropped (listed in droppedIds); none valid is a 404.',
      // Only an MCP client that lends its model may leave the summary out.
      body: createEpisodeInputSchema.required({ summary: true }),
      responses: { 201: { description: 'Created', schema: createEpisodeOutput } },
      problems: ['MEMORY_NOT_FOUND'],
      respond: (result: CreateEpisodeResult) => created(createEpisodeStructured(result)),
    }),
  ],
});
