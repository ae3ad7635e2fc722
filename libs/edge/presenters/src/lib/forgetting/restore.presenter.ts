/** Text and structured forms of restore (behaviour §4.7). */
import { snippet } from '@kioku/kernel';
import type { RestoreResult } from '@kioku/forgetting';
import type { RestoreOutput } from './forget.output';
import type { VariantFor } from '../shared/variant-for';

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
