/** REST routes for tidying memory: consolidate, merge and the session-start wake-up (behaviour §4.8, §4.9, §4.11). */
import {
  ConsolidateUseCase,
  MergeMemoriesUseCase,
  WakeUpUseCase,
  consolidateInputSchema,
  mergeMemoriesInputSchema,
} from '@kioku/consolidation';
import {
  consolidateOutputSchema,
  consolidateStructured,
  mergeMemoriesStructured,
  mergedSchema,
  wakeUpOutputSchema,
  wakeUpStructured,
} from '@kioku/presenters';
import { conflict, memoryNotFound } from './rest.errors';
import { ok, restRoute, type RouteSpec } from './route-spec';

export const consolidationRoutes: RouteSpec[] = [
  restRoute({
    operationId: 'consolidate',
    method: 'POST',
    url: '/v1/consolidate',
    tag: 'consolidation',
    auth: true,
    summary:
      'Tidy recent memory: replay and link, prune weak links, list near-duplicates and fading memories',
    body: consolidateInputSchema,
    responses: {
      200: { description: 'What consolidation did and proposes', schema: consolidateOutputSchema },
    },
    async handle({ body, context, container }) {
      const result = await container.get(ConsolidateUseCase).execute(body, context);
      return ok(consolidateStructured(result));
    },
  }),

  restRoute({
    operationId: 'merge_memories',
    method: 'POST',
    url: '/v1/merge',
    tag: 'consolidation',
    auth: true,
    summary: 'Fold remove_id into keep_id (links carry over, remove_id goes to the trash)',
    body: mergeMemoriesInputSchema,
    responses: { 200: { description: 'Merged', schema: mergedSchema } },
    problems: ['MEMORY_NOT_FOUND', 'CONFLICT'],
    async handle({ body, context, container }) {
      const result = await container.get(MergeMemoriesUseCase).execute(body, context);
      if (result.status === 'not_found') throw memoryNotFound(...result.missingIds);
      if (result.status === 'protected')
        throw conflict(
          `Not merged: ${result.memory.id === body.keep_id ? 'keep_id' : 'remove_id'} is protected (pinned or a protected category).`,
        );
      return ok(mergeMemoriesStructured(result));
    },
  }),

  restRoute({
    operationId: 'wake_up',
    method: 'GET',
    url: '/v1/wake-up',
    tag: 'consolidation',
    auth: true,
    summary: 'A short orientation for the start of a session',
    responses: {
      200: { description: 'Counts, recent memories, pending merge candidates', schema: wakeUpOutputSchema },
    },
    async handle({ context, container }) {
      const result = await container.get(WakeUpUseCase).execute({}, context);
      return ok(wakeUpStructured(result));
    },
  }),
];
