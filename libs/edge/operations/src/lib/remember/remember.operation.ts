/** remember: save one memory (behaviour §4.1). */
import type { RememberResult } from '@kioku/memory';
import { rememberInputSchema } from '@kioku/memory/schemas';
import { created, ok } from '../http-responses';
import { defineOperation, httpRoute, WRITE_HINTS } from '../operation';
import { variant } from '../shared/output-schema';
import { rememberOutput, rememberStructured, rememberText } from './remember.presenter';

export const remember = defineOperation({
  id: 'remember',
  title: 'Remember',
  description:
    'Save a memory. A near-duplicate is refused and shown (force=true saves anyway). Similar memories get linked. private=true keeps it out of files and logs.',
  hints: WRITE_HINTS,
  input: rememberInputSchema,
  output: rememberOutput,
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
      description:
        'Over REST a saved memory answers 201; a near-duplicate answers 200 with status "duplicate" and the existing memory.',
      responses: {
        201: { description: 'Saved', schema: variant(rememberOutput, 'saved') },
        200: {
          description: 'Not saved: a very similar memory exists',
          schema: variant(rememberOutput, 'duplicate'),
        },
      },
      respond: (result: RememberResult) =>
        result.status === 'saved' ? created(rememberStructured(result)) : ok(rememberStructured(result)),
    }),
  ],
});
