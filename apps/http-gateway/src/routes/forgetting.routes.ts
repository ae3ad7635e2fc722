/**
 * REST routes for letting go safely (behaviour §4.5, §4.7, §7): two-step delete, candidate listing,
 * the auto-forget sweep (dry run, then execute what that dry run listed) and restore.
 */
import { z } from 'zod';
import { ForgetUseCase, RestoreUseCase, forgetInputSchema } from '@kioku/forgetting';
import {
  forgetIdsSchema,
  forgetQuerySchema,
  forgetStructured,
  restoredSchema,
  restoreStructured,
  sweepExecutedSchema,
  sweepReportSchema,
} from '@kioku/presenters';
import { TwoStepDelete, type DeleteRequested } from '../confirmations/two-step-delete';
import { conflict, expectMode, notInTrash } from './rest.errors';
import { accepted, idParams, ok, restRoute, type RouteSpec } from './route-spec';

/** The header that may carry the confirmation token instead of `?confirm=`. */
export const CONFIRMATION_HEADER = 'kioku-confirmation-token';

export const deleteRequestedOutputSchema = z.strictObject({
  status: z.literal('confirmation_required'),
  confirmationToken: z.string(),
  expiresAt: z.string(),
  preview: z.strictObject({
    id: z.string(),
    content: z.string(),
    createdAt: z.string(),
    private: z.boolean(),
  }),
});
type DeleteRequestedOutput = z.output<typeof deleteRequestedOutputSchema>;

export const forgettingRoutes: RouteSpec[] = [
  restRoute({
    operationId: 'delete_memory',
    method: 'DELETE',
    url: '/v1/memories/:id',
    params: idParams,
    tag: 'forgetting',
    auth: true,
    summary: 'Delete a memory in two steps',
    description:
      'Without a token: nothing is deleted; answers 202 with a confirmation token, a preview and when the token expires. ' +
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
    async handle({ query, params, caller, container, request }) {
      const token = query.confirm ?? headerValue(request.headers[CONFIRMATION_HEADER]);
      const deletion = container.get(TwoStepDelete);
      return token === undefined
        ? deleteRequested(await deletion.request(caller, params.id))
        : ok(forgetStructured(await deletion.confirm(caller, params.id, token)));
    },
  }),

  restRoute({
    operationId: 'forget_query',
    method: 'POST',
    url: '/v1/forget/query',
    tag: 'forgetting',
    auth: true,
    summary: 'List deletion candidates for a query (deletes nothing)',
    body: forgetInputSchema.pick({ query: true }).required(),
    responses: { 200: { description: 'Up to 5 candidates with ids', schema: forgetQuerySchema } },
    async handle({ body, context, container }) {
      const result = await container.get(ForgetUseCase).execute(body, context);
      return ok(forgetStructured(expectMode(result, 'query')));
    },
  }),

  restRoute({
    operationId: 'forget_sweep',
    method: 'POST',
    url: '/v1/forget/sweep',
    tag: 'forgetting',
    auth: true,
    summary: 'Auto-forget dry run: what the policy would drop and what is fading',
    description:
      'Deletes nothing. Its drop list can be executed by the same key within the confirmation window.',
    responses: { 200: { description: 'The dry-run report', schema: sweepReportSchema } },
    async handle({ context, container }) {
      const result = await container.get(ForgetUseCase).execute({ sweep: true, dry_run: true }, context);
      return ok(forgetStructured(expectMode(result, 'sweep_report')));
    },
  }),

  restRoute({
    operationId: 'forget_sweep_execute',
    method: 'POST',
    url: '/v1/forget/sweep/execute',
    tag: 'forgetting',
    auth: true,
    summary: "Drop exactly what this key's recent dry run listed",
    responses: { 200: { description: 'Dropped (restorable from the trash)', schema: sweepExecutedSchema } },
    problems: ['CONFLICT'],
    async handle({ context, container }) {
      const result = await container.get(ForgetUseCase).execute({ sweep: true, dry_run: false }, context);
      if (result.mode === 'sweep_needs_dry_run')
        throw conflict(
          `Nothing was deleted: run POST /v1/forget/sweep first, then execute within ${result.confirmWithin}.`,
        );
      return ok(forgetStructured(expectMode(result, 'sweep_executed')));
    },
  }),

  restRoute({
    operationId: 'restore',
    method: 'POST',
    url: '/v1/memories/:id/restore',
    params: idParams,
    tag: 'forgetting',
    auth: true,
    summary: 'Bring a forgotten memory back from the trash, with its links',
    responses: { 200: { description: 'Restored', schema: restoredSchema } },
    problems: ['MEMORY_NOT_FOUND', 'CONFLICT'],
    async handle({ params, context, container }) {
      const result = await container.get(RestoreUseCase).execute({ memory_id: params.id }, context);
      if (result.status === 'not_in_trash') throw notInTrash();
      if (result.status === 'already_exists')
        throw conflict(`Nothing to restore: memory ${result.memoryId} exists.`);
      return ok(restoreStructured(result));
    },
  }),
];

function deleteRequested(requested: DeleteRequested) {
  const { pending } = requested;
  const body: DeleteRequestedOutput = {
    status: 'confirmation_required',
    confirmationToken: requested.token,
    expiresAt: requested.expiresAt,
    preview: {
      id: pending.memoryId,
      content: pending.contentPreview,
      createdAt: pending.memory.createdAt,
      private: pending.memory.isPrivate,
    },
  };
  return accepted(body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
}
