/** restore: bring a forgotten memory back from the trash, with its links (behaviour §4.7). */
import type { RestoreResult } from '@kioku/forgetting';
import { restoreInputSchema } from '@kioku/forgetting/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { conflict, notInTrash } from '../rest.errors';
import { variant } from '../shared/output-schema';
import { restoreOutput, restoreStructured, restoreText } from './restore.presenter';

export const restore = defineOperation({
  id: 'restore',
  title: 'Restore from the trash',
  description: 'Bring a forgotten memory back from the trash, with its links.',
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: restoreInputSchema,
  output: restoreOutput,
  run: async (container, input, context) => {
    const { RestoreUseCase } = await import('@kioku/forgetting');
    return container.get(RestoreUseCase).execute({ memoryId: input.memory_id }, context);
  },
  text: restoreText,
  structured: restoreStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/memories/:id/restore',
      pathArguments: { id: 'memory_id' },
      tag: 'forgetting',
      responses: { 200: { description: 'Restored', schema: variant(restoreOutput, 'restored') } },
      problems: ['MEMORY_NOT_FOUND', 'CONFLICT'],
      respond: (result: RestoreResult) => {
        if (result.status === 'not_in_trash') throw notInTrash();
        if (result.status === 'already_exists')
          throw conflict(`Nothing to restore: memory ${result.memoryId} exists.`);
        return ok(restoreStructured(result));
      },
    }),
  ],
});
