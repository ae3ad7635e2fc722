/** remember_batch: save many memories at once, in order (behaviour §4.1). */
import { rememberBatchInputSchema } from '@kioku/memory/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute, WRITE_HINTS } from '../operation';
import { rememberBatchOutput, rememberBatchStructured, rememberBatchText } from './remember-batch.presenter';

export const rememberBatch = defineOperation({
  id: 'remember_batch',
  title: 'Remember many',
  description:
    'Save many memories at once (e.g. a conversation), in order: one result per item, as remember gives. ' +
    'Calls made while another is running are stored after it, in the order they arrive.',
  hints: WRITE_HINTS,
  input: rememberBatchInputSchema,
  output: rememberBatchOutput,
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
      description:
        'memories: up to KIOKU_MAX_BATCH_SIZE (default 128) items, embedded in one pass; duplicates of stored memories and of earlier items refused, similar memories linked (within the batch too), the conversation thread kept in input order. One result per item, in input order: saved, duplicate, or error (that item refused, the others saved). A larger batch is refused whole (422). Batches sent to one namespace while another is in flight are each checked against the ones before it, and embedded while the one before is stored: to load many memories, keep two in flight.',
      responses: {
        200: { description: 'One result per item, in input order', schema: rememberBatchOutput },
      },
      respond: (results: Parameters<typeof rememberBatchStructured>[0]) =>
        ok(rememberBatchStructured(results)),
    }),
  ],
});
