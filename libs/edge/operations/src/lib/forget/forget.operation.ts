/**
 * forget: letting go safely, by id in two calls, candidates for a query, the auto-forget sweep
 * (behaviour §4.5, §7). Over MCP forget is one tool; over REST it is four routes, the delete confirmed
 * by a token (`delete-route.ts`, `confirmations/`), since a REST caller has no session to make the
 * second call in.
 */
import { z } from 'zod';
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import type { ForgetResult } from '@kioku/forgetting';
import { forgetInputSchema } from '@kioku/forgetting/schemas';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { conflict, expectMode } from '../rest.errors';
import { variant } from '../shared/output-schema';
import { deleteRequestedOutput } from './delete-requested.presenter';
import { CONFIRMATION_HEADER, twoStepDelete } from './delete-route';
import { forgetOutput, forgetStructured, forgetText } from './forget.presenter';

async function runForget(
  container: Container,
  input: z.output<typeof forgetInputSchema>,
  context: CallContext,
): Promise<ForgetResult> {
  const { ForgetUseCase } = await import('@kioku/forgetting');
  return container.get(ForgetUseCase).execute(
    {
      memoryId: input.memory_id,
      memoryIds: input.memory_ids,
      query: input.query,
      sweep: input.sweep,
      dryRun: input.dry_run,
    },
    context,
  );
}

export const forget = defineOperation({
  id: 'forget',
  title: 'Forget',
  description:
    'Delete by exact id in two calls: the first call with memory_id(s) only asks for confirmation; ' +
    'the same id again within 5 minutes deletes it (restore undoes it). A client that can ask its user asks them instead, in one call. ' +
    'query lists candidates, deleting nothing. ' +
    'sweep: true reports auto-forget candidates (dry run); then dry_run: false drops exactly those. Pinned and protected memories are kept.',
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  input: forgetInputSchema,
  output: forgetOutput,
  run: runForget,
  runWithClient: async (container, input, context, { person }) =>
    person
      ? (await import('./forget-with-person')).forgetWithPerson(
          container,
          input,
          context,
          person,
          (asked, as) => runForget(container, asked, as),
        )
      : runForget(container, input, context),
  text: forgetText,
  structured: forgetStructured,
  http: [
    httpRoute({
      operationId: 'delete_memory',
      method: 'DELETE',
      path: '/v1/memories/:id',
      pathArguments: { id: 'memory_id' },
      tag: 'forgetting',
      summary: 'delete a memory in two steps',
      description:
        'Over REST, without a token nothing is deleted: the answer is 202 with a confirmation token, a preview and when the token expires. ' +
        `With the token (?confirm=<token> or the ${CONFIRMATION_HEADER} header), from the same key before it expires: deletes (restorable from the trash).`,
      query: z.object({ confirm: z.string().min(1).max(200).optional() }),
      headers: [
        { name: CONFIRMATION_HEADER, description: 'The confirmation token (alternative to ?confirm=).' },
      ],
      responses: {
        202: { description: 'Confirmation required (nothing deleted)', schema: deleteRequestedOutput },
        200: { description: 'Deleted', schema: variant(forgetOutput, 'ids') },
      },
      problems: ['MEMORY_NOT_FOUND', 'CONFLICT', 'CONFIRMATION_INVALID', 'CONFIRMATION_EXPIRED', 'FORBIDDEN'],
      handle: twoStepDelete,
    }),
    httpRoute({
      operationId: 'forget_query',
      method: 'POST',
      path: '/v1/forget/query',
      tag: 'forgetting',
      summary: 'list deletion candidates for a query (deletes nothing)',
      body: forgetInputSchema.pick({ query: true }).required(),
      responses: {
        200: { description: 'Up to 5 candidates with ids', schema: variant(forgetOutput, 'query') },
      },
      respond: (result: ForgetResult) => ok(forgetStructured(expectMode(result, 'query'))),
    }),
    httpRoute({
      operationId: 'forget_sweep',
      method: 'POST',
      path: '/v1/forget/sweep',
      tag: 'forgetting',
      summary: 'auto-forget dry run: what the policy would drop and what is fading',
      description:
        'Deletes nothing. Its drop list can be executed by the same key within the confirmation window.',
      fixed: { sweep: true, dry_run: true },
      body: null,
      responses: {
        200: { description: 'The dry-run report', schema: variant(forgetOutput, 'sweep_report') },
      },
      respond: (result: ForgetResult) => ok(forgetStructured(expectMode(result, 'sweep_report'))),
    }),
    httpRoute({
      operationId: 'forget_sweep_execute',
      method: 'POST',
      path: '/v1/forget/sweep/execute',
      tag: 'forgetting',
      summary: "drop exactly what this key's recent dry run listed",
      fixed: { sweep: true, dry_run: false },
      body: null,
      responses: {
        200: {
          description: 'Dropped (restorable from the trash)',
          schema: variant(forgetOutput, 'sweep_executed'),
        },
      },
      problems: ['CONFLICT'],
      respond: (result: ForgetResult) => {
        if (result.mode === 'sweep_needs_dry_run')
          throw conflict(
            `Nothing was deleted: run POST /v1/forget/sweep first, then execute within ${result.confirmWithin}.`,
          );
        return ok(forgetStructured(expectMode(result, 'sweep_executed')));
      },
    }),
  ],
});
