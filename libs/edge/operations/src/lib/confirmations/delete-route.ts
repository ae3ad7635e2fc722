/**
 * The REST delete of one memory (`DELETE /v1/memories/:id`): without a token it asks for
 * confirmation (202 with a token and a preview), with one it deletes. The service loads with the
 * forgetting library, on the first delete.
 */
import { z } from 'zod';
import { forgetStructured } from '@kioku/presenters';
import { accepted, ok } from '../http-responses';
import type { RestCall } from '../operation';
import type { DeleteRequested, IdsResult } from './two-step-delete';

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

export async function twoStepDelete(
  call: RestCall,
): Promise<ReturnType<typeof deleteRequested> | ReturnType<typeof deleted>> {
  const { TwoStepDelete } = await import('./two-step-delete');
  const deletion = call.container.get(TwoStepDelete);
  const memoryId = String(call.input.memory_id);
  const confirm = call.query.confirm;
  const token = typeof confirm === 'string' ? confirm : call.header(CONFIRMATION_HEADER);
  return token === undefined
    ? deleteRequested(await deletion.request(call.caller, memoryId))
    : deleted(await deletion.confirm(call.caller, memoryId, token));
}

function deleted(result: IdsResult) {
  return ok(forgetStructured(result));
}

function deleteRequested(requested: DeleteRequested) {
  const { pending } = requested;
  const body: z.output<typeof deleteRequestedOutputSchema> = {
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
