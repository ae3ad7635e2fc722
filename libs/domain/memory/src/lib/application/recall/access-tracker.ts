/**
 * Records that memories were recalled (accessCount + 1, lastAccessedAt) without making recall wait
 * for the write: the patch is sent in the background and failures are logged. `flush()` waits for
 * every write in flight; the container calls it on shutdown, tests call it before reading back.
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import type { Memory } from '../../domain/memory';
import { MemoryRepository } from '../memory.repository';

@injectable()
export class AccessTracker {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Stores the new access counts of memories just returned (their `accessCount` already counts this access). */
  record(namespace: string, accessed: Memory[], at: Date): void {
    if (accessed.length === 0) return;
    const patches = accessed.map((m) => ({
      id: m.id,
      metadata: {
        accessCount: m.accessCount,
        lastAccessedAt: at.toISOString(),
        lastAccessedAtMs: at.getTime(),
      },
    }));
    const write = this.memories.patch(namespace, patches).catch((error: unknown) => {
      this.logger.warn('memory.access_tracking_failed', { memories: accessed.length, error });
    });
    this.inFlight.add(write);
    void write.finally(() => this.inFlight.delete(write));
  }

  async flush(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
