/** wake_up: a short orientation on memory at the start of a session (behaviour §4.11). */
import { z } from 'zod';
import type { WakeUpResult } from '@kioku/consolidation';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { wakeUpOutput, wakeUpStructured, wakeUpText } from './wake-up.presenter';

export const wakeUp = defineOperation({
  id: 'wake_up',
  title: 'Wake up',
  description: 'Call at the start of a session: a short orientation on your memory.',
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.object({}),
  output: wakeUpOutput,
  run: async (container, _input, context) => {
    const { WakeUpUseCase } = await import('@kioku/consolidation');
    return container.get(WakeUpUseCase).execute({}, context);
  },
  text: wakeUpText,
  structured: wakeUpStructured,
  http: [
    httpRoute({
      method: 'GET',
      path: '/v1/wake-up',
      tag: 'consolidation',
      responses: {
        200: { description: 'Counts, recent memories, pending merge candidates', schema: wakeUpOutput },
      },
      respond: (result: WakeUpResult) => ok(wakeUpStructured(result)),
    }),
  ],
});
