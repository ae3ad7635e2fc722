/**
 * The two setups that the forgetting specs and the specs of its presenters (at the edge) share: the
 * forget use case with an existence check, and deletion with the trash and restore.
 */
import { MemoryRepository } from '@kioku/memory';
import { ForgetUseCase } from '../application/forget/forget.use-case';
import { MemoryDeleter } from '../application/memory-deleter';
import { RestoreUseCase } from '../application/restore/restore.use-case';
import { TrashRepository } from '../application/trash.repository';
import type { ForgettingSettings } from '../forgetting-settings';
import { createForgettingTestKit } from './forgetting-test-kit';

/** Forget with links only between identical texts; `exists(id)` asks the memory store. */
export function forgetSetup(forgetting: Partial<ForgettingSettings> = {}) {
  const kit = createForgettingTestKit({ forgetting, memory: { linkDistance: 2 } });
  const exists = async (id: string) =>
    (await kit.container.get(MemoryRepository).getOne('test', id)) !== null;
  return {
    ...kit,
    forget: kit.container.get(ForgetUseCase),
    exists,
    trash: kit.container.get(TrashRepository),
  };
}

/** Deletion, trash and restore, with every text saved (no dedup). */
export function trashSetup(forgetting: Partial<ForgettingSettings> = {}) {
  const kit = createForgettingTestKit({ forgetting, memory: { linkDistance: 2, dedupDistance: 0 } });
  return {
    ...kit,
    deleter: kit.container.get(MemoryDeleter),
    restore: kit.container.get(RestoreUseCase),
    trash: kit.container.get(TrashRepository),
    repo: kit.container.get(MemoryRepository),
  };
}
