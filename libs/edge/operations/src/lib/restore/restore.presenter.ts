/**
 * What restore answers (behaviour §4.7): the text the agent reads, and the structured view that is MCP
 * `structuredContent` and the REST body, with its schema (restored, not in the trash, or already back).
 */
import { z } from 'zod';
import { snippet } from '@kioku/kernel';
import type { RestoreResult } from '@kioku/forgetting';
import type { VariantFor } from '../shared/output-schema';

export const restoreOutput = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('restored'),
    memoryId: z.string(),
    linksRestored: z.number(),
    linksSkipped: z.number(),
  }),
  z.strictObject({ status: z.literal('not_in_trash'), memoryId: z.string() }),
  z.strictObject({ status: z.literal('already_exists'), memoryId: z.string() }),
]);
type RestoreOutput = z.output<typeof restoreOutput>;

export function restoreText(result: RestoreResult): string {
  switch (result.status) {
    case 'restored':
      return (
        `Restored (id: ${result.memory.id}): ${snippet(result.memory.content, 120)}\n` +
        `Links re-created: ${result.linksRestored}` +
        (result.linksSkipped > 0
          ? ` (${result.linksSkipped} skipped: the other memory no longer exists).`
          : '.')
      );
    case 'not_in_trash':
      return `Not in trash: ${result.memoryId}. Only memories deleted within the trash retention can be restored.`;
    case 'already_exists':
      return `Nothing to restore: memory ${result.memoryId} exists.`;
  }
}

export function restoreStructured<R extends RestoreResult>(result: R): VariantFor<RestoreOutput, 'status', R>;
export function restoreStructured(result: RestoreResult): RestoreOutput {
  return result.status === 'restored'
    ? {
        status: result.status,
        memoryId: result.memory.id,
        linksRestored: result.linksRestored,
        linksSkipped: result.linksSkipped,
      }
    : { status: result.status, memoryId: result.memoryId };
}
