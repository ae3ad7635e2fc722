/** update_memory: change a memory by id (behaviour §4.3). */
import type { UpdateMemoryResult } from '@kioku/memory';
import { updateMemoryInputSchema } from '@kioku/memory/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute, WRITE_HINTS } from '../operation';
import { memoryNotFound } from '../rest.errors';
import { variant } from '../shared/output-schema';
import { updateMemoryOutput, updateMemoryStructured, updateMemoryText } from './update-memory.presenter';

export const updateMemory = defineOperation({
  id: 'update_memory',
  title: 'Update a memory',
  description: 'Change a memory by id (importance 5 pins it).',
  hints: { ...WRITE_HINTS, destructiveHint: true, idempotentHint: true },
  input: updateMemoryInputSchema,
  output: updateMemoryOutput,
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
      pathArguments: { id: 'memory_id' },
      tag: 'memories',
      description: 'Any of content, category, importance, emotion, tags, private.',
      responses: {
        200: {
          description: 'Updated or unchanged',
          schema: variant(updateMemoryOutput, 'updated', 'unchanged'),
        },
      },
      problems: ['MEMORY_NOT_FOUND'],
      respond: (result: UpdateMemoryResult) => {
        if (result.status === 'not_found') throw memoryNotFound(result.memoryId);
        return ok(updateMemoryStructured(result));
      },
    }),
  ],
});
