/** The memory core: remember, remember_batch, recall, update_memory, link_memories (behaviour §4.1–§4.4). */
import type { LinkMemoriesResult, RecallResult, RememberResult, UpdateMemoryResult } from '@kioku/memory';
import {
  linkMemoriesInputSchema,
  recallInputSchema,
  rememberBatchInputSchema,
  rememberInputSchema,
  updateMemoryInputSchema,
} from '@kioku/memory/schemas';
import {
  linkMemoriesStructured,
  linkMemoriesText,
  linkMemoriesToolOutputSchema,
  memoriesLinkedSchema,
  recallOutputSchema,
  recallStructured,
  recallText,
  rememberBatchOutputSchema,
  rememberBatchStructured,
  rememberBatchText,
  rememberDuplicateSchema,
  rememberSavedSchema,
  rememberStructured,
  rememberText,
  rememberToolOutputSchema,
  updateMemoryFoundSchema,
  updateMemoryStructured,
  updateMemoryText,
  updateMemoryToolOutputSchema,
} from '@kioku/presenters';
import { created, ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { linkExists, memoryNotFound } from '../rest.errors';

/** Writes that add and change nothing outside kioku; each names whether it destroys or repeats. */
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const remember = defineOperation({
  id: 'remember',
  title: 'Remember',
  description:
    'Save a memory. A near-duplicate is refused and shown (force=true saves anyway). Similar memories get linked. private=true keeps it out of files and logs.',
  hints: WRITE,
  input: rememberInputSchema,
  output: rememberToolOutputSchema,
  run: async (container, input, context) => {
    const { RememberUseCase } = await import('@kioku/memory');
    return container.get(RememberUseCase).execute(input, context);
  },
  text: rememberText,
  structured: rememberStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/memories',
      tag: 'memories',
      note: 'Over REST a saved memory answers 201; a near-duplicate answers 200 with status "duplicate" and the existing memory.',
      responses: {
        201: { description: 'Saved', schema: rememberSavedSchema },
        200: { description: 'Not saved: a very similar memory exists', schema: rememberDuplicateSchema },
      },
      respond: (result: RememberResult) =>
        result.status === 'saved' ? created(rememberStructured(result)) : ok(rememberStructured(result)),
    }),
  ],
});

export const rememberBatch = defineOperation({
  id: 'remember_batch',
  title: 'Remember many',
  description:
    'Save many memories at once (e.g. a conversation), in order: one result per item, as remember gives. ' +
    'Calls made while another is running are stored after it, in the order they arrive.',
  hints: WRITE,
  input: rememberBatchInputSchema,
  output: rememberBatchOutputSchema,
  run: async (container, input, context) => {
    const { RememberBatchUseCase } = await import('@kioku/memory');
    return container.get(RememberBatchUseCase).execute(input.memories, context);
  },
  text: rememberBatchText,
  structured: rememberBatchStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/memories/batch',
      tag: 'memories',
      note: 'memories: up to KIOKU_MAX_BATCH_SIZE (default 128) items, embedded in one pass; duplicates of stored memories and of earlier items refused, similar memories linked (within the batch too), the conversation thread kept in input order. One result per item, in input order: saved, duplicate, or error (that item refused, the others saved). A larger batch is refused whole (422). Batches sent to one namespace while another is in flight are each checked against the ones before it, and embedded while the one before is stored: to load many memories, keep two in flight.',
      responses: {
        200: { description: 'One result per item, in input order', schema: rememberBatchOutputSchema },
      },
      respond: (results: Parameters<typeof rememberBatchStructured>[0]) =>
        ok(rememberBatchStructured(results)),
    }),
  ],
});

export const recall = defineOperation({
  id: 'recall',
  title: 'Recall',
  description:
    'Find memories by meaning and by words (names, numbers, any language). Each result shows its id and private: true|false.',
  hints: WRITE,
  input: recallInputSchema,
  output: recallOutputSchema,
  run: async (container, input, context) => {
    const { RecallUseCase } = await import('@kioku/memory');
    return container.get(RecallUseCase).execute(
      {
        query: input.query,
        limit: input.n_results,
        category: input.category,
        emotion: input.emotion,
        tags: input.tags,
        from: input.date_from,
        to: input.date_to,
        includePrivate: input.include_private,
      },
      context,
    );
  },
  text: recallText,
  structured: recallStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/recall',
      tag: 'memories',
      note: 'At most 20 results (n_results, default 3).',
      responses: { 200: { description: 'Ranked memories', schema: recallOutputSchema } },
      respond: (result: RecallResult) => ok(recallStructured(result)),
    }),
  ],
});

export const updateMemory = defineOperation({
  id: 'update_memory',
  title: 'Update a memory',
  description: 'Change a memory by id (importance 5 pins it).',
  hints: { ...WRITE, destructiveHint: true, idempotentHint: true },
  input: updateMemoryInputSchema,
  output: updateMemoryToolOutputSchema,
  run: async (container, { memory_id: memoryId, ...changes }, context) => {
    const { UpdateMemoryUseCase } = await import('@kioku/memory');
    return container.get(UpdateMemoryUseCase).execute({ memoryId, ...changes }, context);
  },
  text: updateMemoryText,
  structured: updateMemoryStructured,
  http: [
    httpRoute({
      method: 'PATCH',
      path: '/v1/memories/:id',
      params: { id: 'memory_id' },
      tag: 'memories',
      note: 'Any of content, category, importance, emotion, tags, private.',
      responses: { 200: { description: 'Updated or unchanged', schema: updateMemoryFoundSchema } },
      problems: ['MEMORY_NOT_FOUND'],
      respond: (result: UpdateMemoryResult) => {
        if (result.status === 'not_found') throw memoryNotFound(result.memoryId);
        return ok(updateMemoryStructured(result));
      },
    }),
  ],
});

export const linkMemories = defineOperation({
  id: 'link_memories',
  title: 'Link two memories',
  description: 'Link two memories by id in both directions.',
  hints: { ...WRITE, idempotentHint: true },
  input: linkMemoriesInputSchema,
  output: linkMemoriesToolOutputSchema,
  run: async (container, input, context) => {
    const { LinkMemoriesUseCase } = await import('@kioku/memory');
    return container
      .get(LinkMemoriesUseCase)
      .execute(
        { sourceId: input.source_id, targetId: input.target_id, type: input.link_type, note: input.note },
        context,
      );
  },
  text: linkMemoriesText,
  structured: linkMemoriesStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/links',
      tag: 'memories',
      responses: { 201: { description: 'Linked', schema: memoriesLinkedSchema } },
      problems: ['MEMORY_NOT_FOUND', 'LINK_EXISTS'],
      respond: (result: LinkMemoriesResult) => {
        if (result.status === 'not_found') throw memoryNotFound(...result.missingIds);
        if (result.status === 'exists') throw linkExists(result.type);
        return created(linkMemoriesStructured(result));
      },
    }),
  ],
});
