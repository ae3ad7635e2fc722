/**
 * What the REST delete of one memory answers before it deletes (202): the confirmation token, when it
 * expires, and a preview of the memory, with its schema.
 */
import { z } from 'zod';
import type { DeleteRequested } from '../confirmations/two-step-delete';

export const deleteRequestedOutput = z.strictObject({
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

export function deleteRequestedStructured(
  requested: DeleteRequested,
): z.output<typeof deleteRequestedOutput> {
  const { pending } = requested;
  return {
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
}
