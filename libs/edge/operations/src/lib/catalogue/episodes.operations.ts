/** Episodes: create_episode and get_episode (behaviour §4.10). */
import type { CreateEpisodeResult, GetEpisodeResult } from '@kioku/episodes';
import { createEpisodeInputSchema, getEpisodeInputSchema } from '@kioku/episodes/schemas';
import {
  createEpisodeOutputSchema,
  createEpisodeStructured,
  createEpisodeText,
  episodeFoundSchema,
  getEpisodeStructured,
  getEpisodeText,
  getEpisodeToolOutputSchema,
} from '@kioku/presenters';
import { created, ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { episodeNotFound } from '../rest-errors';

const episodes = () => import('@kioku/episodes');

export const createEpisode = defineOperation({
  id: 'create_episode',
  title: 'Create an episode',
  description: 'Group memories (by id) of one event under a summary.',
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: createEpisodeInputSchema,
  output: createEpisodeOutputSchema,
  run: async (container, input, context) =>
    container
      .get((await episodes()).CreateEpisodeUseCase)
      .execute({ memoryIds: input.memory_ids, summary: input.summary }, context),
  text: createEpisodeText,
  structured: createEpisodeStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/episodes',
      tag: 'episodes',
      note: 'Unknown ids are dropped (listed in droppedIds); none valid is a 404.',
      responses: { 201: { description: 'Created', schema: createEpisodeOutputSchema } },
      problems: ['MEMORY_NOT_FOUND'],
      respond: (result: CreateEpisodeResult) => created(createEpisodeStructured(result)),
    }),
  ],
});

export const getEpisode = defineOperation({
  id: 'get_episode',
  title: 'Get an episode',
  description: 'Show an episode and its memories that still exist.',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: getEpisodeInputSchema,
  output: getEpisodeToolOutputSchema,
  run: async (container, input, context) =>
    container.get((await episodes()).GetEpisodeUseCase).execute({ episodeId: input.episode_id }, context),
  text: getEpisodeText,
  structured: getEpisodeStructured,
  http: [
    httpRoute({
      method: 'GET',
      path: '/v1/episodes/:id',
      params: { id: 'episode_id' },
      tag: 'episodes',
      responses: { 200: { description: 'The episode', schema: episodeFoundSchema } },
      problems: ['EPISODE_NOT_FOUND'],
      respond: (result: GetEpisodeResult) => {
        if (result.status === 'not_found') throw episodeNotFound();
        return ok(getEpisodeStructured(result));
      },
    }),
  ],
});
