/**
 * Records that memories were recalled (accessCount + 1, lastAccessedAt) without making recall wait
 * for the write: the patches join the namespace's coalesced background writes (`BackgroundPatches`),
 * so concurrent recalls share one store write. `flush()` waits for every write queued; the container
 * calls it on shutdown, tests call it before reading back.
 */
import { inject, injectable } from 'inversify';
import type { Memory } from '../../domain/memory';
import { BackgroundPatches } from '../shared/background-patches';

@injectable()
export class AccessTracker {
  constructor(@inject(BackgroundPatches) private readonly patches: BackgroundPatches) {}

  /** Stores the new access counts of memories just returned (their `accessCount` already counts this access). */
  record(namespace: string, accessed: Memory[], at: Date): void {
    const patches = accessed.map((m) => ({
      id: m.id,
      metadata: {
        accessCount: m.accessCount,
        lastAccessedAt: at.toISOString(),
        lastAccessedAtMs: at.getTime(),
      },
    }));
    this.patches.queue(namespace, patches, 'access');
  }

  /**
   * The access count of a memory read from the store, counting the accesses this process recorded
   * that are not written yet (access counts wait before they are written: `BackgroundPatches`).
   */
  countOf(namespace: string, memory: Memory): number {
    const unwritten = this.patches.unwritten(namespace, memory.id)?.accessCount;
    return typeof unwritten === 'number' ? Math.max(memory.accessCount, unwritten) : memory.accessCount;
  }

  flush(): Promise<void> {
    return this.patches.flush();
  }
}
