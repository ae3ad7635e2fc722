/** REST routes of the memory core: remember, recall, update_memory, link_memories (behaviour §4.1–§4.4). */
import {
  LinkMemoriesUseCase,
  RecallUseCase,
  RememberBatchUseCase,
  RememberUseCase,
  UpdateMemoryUseCase,
  linkMemoriesInputSchema,
  recallInputSchema,
  rememberBatchInputSchema,
  rememberInputSchema,
  updateMemoryInputSchema,
} from '@kioku/memory';
import {
  linkMemoriesStructured,
  memoriesLinkedSchema,
  recallOutputSchema,
  recallStructured,
  rememberBatchOutputSchema,
  rememberBatchStructured,
  rememberDuplicateSchema,
  rememberSavedSchema,
  rememberStructured,
  updateMemoryFoundSchema,
  updateMemoryStructured,
} from '@kioku/presenters';
import { linkExists, memoryNotFound } from './rest.errors';
import { created, idParams, ok, restRoute, type RouteSpec } from './route-spec';

export const memoryRoutes: RouteSpec[] = [
  restRoute({
    operationId: 'remember',
    method: 'POST',
    url: '/v1/memories',
    tag: 'memories',
    auth: true,
    summary: 'Save a memory',
    description:
      'Embeds once, refuses a near-duplicate (200 with status "duplicate" and the existing memory; force=true saves anyway) and links similar memories. private=true keeps it out of files and logs.',
    body: rememberInputSchema,
    responses: {
      201: { description: 'Saved', schema: rememberSavedSchema },
      200: { description: 'Not saved: a very similar memory exists', schema: rememberDuplicateSchema },
    },
    async handle({ body, context, container }) {
      const result = await container.get(RememberUseCase).execute(body, context);
      return result.status === 'saved' ? created(rememberStructured(result)) : ok(rememberStructured(result));
    },
  }),

  restRoute({
    operationId: 'remember_batch',
    method: 'POST',
    url: '/v1/memories/batch',
    tag: 'memories',
    auth: true,
    summary: 'Save many memories at once',
    description:
      'memories: up to KIOKU_MAX_BATCH_SIZE (default 128) items, each as POST /v1/memories takes it, in order. Embedded in one pass; duplicates of stored memories and of earlier items refused, similar memories linked (within the batch too), the conversation thread kept in input order. One result per item, in input order: saved, duplicate, or error (that item refused, the others saved). A larger batch is refused whole (422). Batches sent to one namespace while another is in flight are stored in the order they arrive, each checked against the ones before it, and embedded while the one before is stored: to load many memories, keep two in flight.',
    body: rememberBatchInputSchema,
    responses: {
      200: { description: 'One result per item, in input order', schema: rememberBatchOutputSchema },
    },
    async handle({ body, context, container }) {
      const results = await container.get(RememberBatchUseCase).execute(body.memories, context);
      return ok(rememberBatchStructured(results));
    },
  }),

  restRoute({
    operationId: 'recall',
    method: 'POST',
    url: '/v1/recall',
    tag: 'memories',
    auth: true,
    summary: 'Find memories by meaning and by words',
    description: 'At most 20 results (n_results, default 3); every result carries its id and private flag.',
    body: recallInputSchema,
    responses: { 200: { description: 'Ranked memories', schema: recallOutputSchema } },
    async handle({ body, context, container }) {
      const result = await container.get(RecallUseCase).execute(body, context);
      return ok(recallStructured(result));
    },
  }),

  restRoute({
    operationId: 'update_memory',
    method: 'PATCH',
    url: '/v1/memories/:id',
    params: idParams,
    tag: 'memories',
    auth: true,
    summary: 'Change a memory',
    description: 'Any of content, category, importance (5 pins it), emotion, tags, private.',
    body: updateMemoryInputSchema.omit({ memory_id: true }),
    responses: { 200: { description: 'Updated or unchanged', schema: updateMemoryFoundSchema } },
    problems: ['MEMORY_NOT_FOUND'],
    async handle({ body, params, context, container }) {
      const result = await container
        .get(UpdateMemoryUseCase)
        .execute({ ...body, memory_id: params.id }, context);
      if (result.status === 'not_found') throw memoryNotFound(result.memoryId);
      return ok(updateMemoryStructured(result));
    },
  }),

  restRoute({
    operationId: 'link_memories',
    method: 'POST',
    url: '/v1/links',
    tag: 'memories',
    auth: true,
    summary: 'Link two memories in both directions',
    body: linkMemoriesInputSchema,
    responses: { 201: { description: 'Linked', schema: memoriesLinkedSchema } },
    problems: ['MEMORY_NOT_FOUND', 'LINK_EXISTS'],
    async handle({ body, context, container }) {
      const result = await container.get(LinkMemoriesUseCase).execute(body, context);
      if (result.status === 'not_found') throw memoryNotFound(...result.missingIds);
      if (result.status === 'exists') throw linkExists(result.type);
      return created(linkMemoriesStructured(result));
    },
  }),
];
