/**
 * Letting go safely: forget (two-call confirmation, query, sweep) and restore (behaviour §4.5, §4.7,
 * §7). Over MCP forget is one tool; over REST it is four routes, the delete confirmed by a token
 * (`confirmations/`), since a REST caller has no session to make the second call in.
 */
import { z } from 'zod';
import type { Container } from 'inversify';
import type { CallContext } from '@kioku/call-context';
import type { ForgetResult, RestoreResult } from '@kioku/forgetting';
import { forgetInputSchema, restoreInputSchema } from '@kioku/forgetting/schemas';
import {
  forgetIdsSchema,
  forgetQuerySchema,
  forgetStructured,
  forgetText,
  forgetToolOutputSchema,
  restoredSchema,
  restoreStructured,
  restoreText,
  restoreToolOutputSchema,
  sweepExecutedSchema,
  sweepReportSchema,
} from '@kioku/presenters';
import {
  CONFIRMATION_HEADER,
  deleteRequestedOutputSchema,
  twoStepDelete,
} from '../confirmations/delete-route';
import { ok } from '../http-responses';
import { defineOperation, httpRoute } from '../operation';
import { conflict, expectMode, notInTrash } from '../rest.errors';

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
  output: forgetToolOutputSchema,
  run: runForget,
  runWithClient: async (container, input, context, { person }) =>
    person
      ? (await import('../person/forget-with-person')).forgetWithPerson(
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
      params: { id: 'memory_id' },
      tag: 'forgetting',
      summary: 'delete a memory in two steps',
      note:
        'Over REST, without a token nothing is deleted: the answer is 202 with a confirmation token, a preview and when the token expires. ' +
        `With the token (?confirm=<token> or the ${CONFIRMATION_HEADER} header), from the same key before it expires: deletes (restorable from the trash).`,
      query: z.object({ confirm: z.string().min(1).max(200).optional() }),
      headers: [
        { name: CONFIRMATION_HEADER, description: 'The confirmation token (alternative to ?confirm=).' },
      ],
      responses: {
        202: { description: 'Confirmation required (nothing deleted)', schema: deleteRequestedOutputSchema },
        200: { description: 'Deleted', schema: forgetIdsSchema },
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
      responses: { 200: { description: 'Up to 5 candidates with ids', schema: forgetQuerySchema } },
      respond: (result: ForgetResult) => ok(forgetStructured(expectMode(result, 'query'))),
    }),
    httpRoute({
      operationId: 'forget_sweep',
      method: 'POST',
      path: '/v1/forget/sweep',
      tag: 'forgetting',
      summary: 'auto-forget dry run: what the policy would drop and what is fading',
      note: 'Deletes nothing. Its drop list can be executed by the same key within the confirmation window.',
      fixed: { sweep: true, dry_run: true },
      body: null,
      responses: { 200: { description: 'The dry-run report', schema: sweepReportSchema } },
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
      responses: { 200: { description: 'Dropped (restorable from the trash)', schema: sweepExecutedSchema } },
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

export const restore = defineOperation({
  id: 'restore',
  title: 'Restore from the trash',
  description: 'Bring a forgotten memory back from the trash, with its links.',
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: restoreInputSchema,
  output: restoreToolOutputSchema,
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
      params: { id: 'memory_id' },
      tag: 'forgetting',
      responses: { 200: { description: 'Restored', schema: restoredSchema } },
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
