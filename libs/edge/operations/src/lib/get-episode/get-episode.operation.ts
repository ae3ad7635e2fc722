/** get_episode: an episode and its memories that still exist (behaviour §4.10). */
import type { GetEpisodeResult } from '@kioku/episodes';
import { getEpisodeInputSchema } from '@kioku/episodes/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { episodeNotFound } from '../rest.errors';
import { variant } from '../shared/output-schema';
import { getEpisodeOutput, getEpisodeStructured, getEpisodeText } from './get-episode.presenter';

export const getEpisode = defineOperation({
  id: 'get_episode',
  title: 'Get an episode',
  description: 'Show an episode and its memories that still exist.',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: getEpisodeInputSchema,
  output: getEpisodeOutput,
  run: async (container, input, context) => {
    const { GetEpisodeUseCase } = await import('@kioku/episodes');
    return container.get(GetEpisodeUseCase).execute({ episodeId: input.episode_id }, context);
  },
  text: getEpisodeText,
  structured: getEpisodeStructured,
  http: [
    httpRoute({
      method: 'GET',
      path: '/v1/episodes/:id',
      pathArguments: { id: 'episode_id' },
      tag: 'episodes',
      responses: { 200: { description: 'The episode', schema: variant(getEpisodeOutput, 'found') } },
      problems: ['EPISODE_NOT_FOUND'],
      respond: (result: GetEpisodeResult) => {
        if (result.status === 'not_found') throw episodeNotFound();
        return ok(getEpisodeStructured(result));
      },
    }),
  ],
});
