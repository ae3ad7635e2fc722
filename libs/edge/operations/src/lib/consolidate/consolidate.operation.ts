/** consolidate: tidy recent memory, and draft an episode with a client's model (behaviour §4.8). */
import type { z } from 'zod';
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import { AppError } from '@kioku/kernel';
import type { ConsolidateResult } from '@kioku/consolidation';
import { consolidateInputSchema } from '@kioku/consolidation/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { consolidateOutput, consolidateStructured, consolidateText } from './consolidate.presenter';

function consolidateRequest(input: z.output<typeof consolidateInputSchema>) {
  return { windowHours: input.window_hours, dryRun: input.dry_run };
}

/** An episode summary needs a client that lends its model (runWithClient). */
async function runConsolidate(
  container: Container,
  input: z.output<typeof consolidateInputSchema>,
  context: CallContext,
): Promise<ConsolidateResult> {
  if (input.episode !== undefined)
    throw AppError.invalidInput('episode needs a client that offers sampling: its model drafts the summary.');
  const { ConsolidateUseCase } = await import('@kioku/consolidation');
  return container.get(ConsolidateUseCase).execute(consolidateRequest(input), context);
}

export const consolidate = defineOperation({
  id: 'consolidate',
  title: 'Consolidate',
  description:
    'Tidy recent memory (window_hours, default 24): link, prune weak links, list near-duplicates and fading memories. ' +
    'A client that lends its model may ask it for an episode summary of the window: episode "draft" (not saved) or "save".',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: consolidateInputSchema,
  output: consolidateOutput,
  run: runConsolidate,
  runWithClient: async (container, input, context, { model }) => {
    const { episode } = input;
    if (!model || episode === undefined) return runConsolidate(container, input, context);
    const request = { ...consolidateRequest(input), episode };
    return (await import('../person/episode-with-model')).consolidateWithModel(
      container,
      request,
      context,
      model,
    );
  },
  text: consolidateText,
  structured: consolidateStructured,
  http: [
    httpRoute({
      method: 'POST',
      path: '/v1/consolidate',
      tag: 'consolidation',
      // episode is MCP's (a client's model drafts the summary): refused over REST, not left unheard.
      body: consolidateInputSchema.omit({ episode: true }).strict(),
      responses: {
        200: { description: 'What consolidation did and proposes', schema: consolidateOutput },
      },
      respond: (result: ConsolidateResult) => ok(consolidateStructured(result)),
    }),
  ],
});
