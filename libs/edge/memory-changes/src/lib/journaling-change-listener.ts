/**
 * Tells the change journal of every memory change made in this process (it listens like workspace
 * sync), so that every process on the data dir hears it: the namespace is the journal's topic, the
 * notice carries the id and whether the memory was public (see MemoryChange). A failed append is the
 * notifier's to log; the memory operation never fails for it.
 */
import type { ChangeJournal } from '@kioku/change-journal';
import type { Memory, MemoryChangeListener } from '@kioku/memory';
import type { MemoryChange } from './memory-change';

export class JournalingChangeListener implements MemoryChangeListener {
  constructor(private readonly journal: ChangeJournal) {}

  saved(namespace: string, memory: Memory): Promise<void> {
    return this.tell(namespace, {
      memoryId: memory.id,
      kind: 'saved',
      publicAfter: !memory.isPrivate,
      publicBefore: false,
    });
  }

  updated(namespace: string, before: Memory, after: Memory): Promise<void> {
    return this.tell(namespace, {
      memoryId: after.id,
      kind: 'updated',
      publicAfter: !after.isPrivate,
      publicBefore: !before.isPrivate,
    });
  }

  deleted(namespace: string, memory: Memory): Promise<void> {
    return this.tell(namespace, {
      memoryId: memory.id,
      kind: 'deleted',
      publicAfter: false,
      publicBefore: !memory.isPrivate,
    });
  }

  private tell(namespace: string, change: MemoryChange): Promise<void> {
    return this.journal.append(namespace, change);
  }
}
