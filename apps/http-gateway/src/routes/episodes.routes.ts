/** REST routes for episodes: create and get (behaviour §4.10). */
import { CreateEpisodeUseCase, GetEpisodeUseCase, createEpisodeInputSchema } from '@kioku/episodes';
import {
  createEpisodeOutputSchema,
  createEpisodeStructured,
  episodeFoundSchema,
  getEpisodeStructured,
} from '@kioku/presenters';
import { episodeNotFound } from './rest.errors';
import { created, idParams, ok, restRoute, type RouteSpec } from './route-spec';

export const episodeRoutes: RouteSpec[] = [
  restRoute({
    operationId: 'create_episode',
    method: 'POST',
    url: '/v1/episodes',
    tag: 'episodes',
    auth: true,
    summary: 'Group memories of one event under a summary',
    description: 'Unknown ids are dropped (listed in droppedIds); none valid is a 404.',
    body: createEpisodeInputSchema,
    responses: { 201: { description: 'Created', schema: createEpisodeOutputSchema } },
    problems: ['MEMORY_NOT_FOUND'],
    async handle({ body, context, container }) {
      const result = await container.get(CreateEpisodeUseCase).execute(body, context);
      return created(createEpisodeStructured(result));
    },
  }),

  restRoute({
    operationId: 'get_episode',
    method: 'GET',
    url: '/v1/episodes/:id',
    params: idParams,
    tag: 'episodes',
    auth: true,
    summary: 'An episode and its memories that still exist',
    responses: { 200: { description: 'The episode', schema: episodeFoundSchema } },
    problems: ['EPISODE_NOT_FOUND'],
    async handle({ params, context, container }) {
      const result = await container.get(GetEpisodeUseCase).execute({ episode_id: params.id }, context);
      if (result.status === 'not_found') throw episodeNotFound();
      return ok(getEpisodeStructured(result));
    },
  }),
];
