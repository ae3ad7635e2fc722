/** recall: find memories by meaning and by words (behaviour §4.2). */
import type { RecallResult } from '@kioku/memory';
import { recallInputSchema } from '@kioku/memory/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute, WRITE_HINTS } from '../operation';
import { recallOutput, recallStructured, recallText } from './recall.presenter';

export const recall = defineOperation({
  id: 'recall',
  title: 'Recall',
  description:
    'Find memories by meaning and by words (names, numbers, any language). Each result shows its id and private: true|false.',
  hints: WRITE_HINTS,
  input: recallInputSchema,
  output: recallOutput,
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
      description: 'At most 20 results (n_results, default 3).',
      responses: { 200: { description: 'Ranked memories', schema: recallOutput } },
      respond: (result: RecallResult) => ok(recallStructured(result)),
    }),
  ],
});
