/**
 * Metadata writes that no caller waits for (the access counts recall records, the thread link to the
 * next memory), coalesced: per namespace at most one patch write is in flight, and the patches queued
 * meanwhile are merged by memory id (later keys win) and sent together when it ends. So a busy
 * namespace pays one store write per round instead of one per recall or remember. Failures are
 * logged, never thrown; `flush()` waits until everything queued has been written (shutdown, tests).
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import type { Metadata } from '@kioku/vector-store';
import { MemoryRepository } from '../memory.repository';

/** What a write carries: for the log line when it fails (never the content). */
export type PatchPurpose = 'access' | 'thread';

interface Pending {
  patches: Map<string, Metadata>;
  purposes: Set<PatchPurpose>;
}

@injectable()
export class BackgroundPatches {
  private readonly pending = new Map<string, Pending>();
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  /** Queues metadata keys to merge into stored memories (a missing memory is ignored by the store). */
  queue(namespace: string, patches: { id: string; metadata: Metadata }[], purpose: PatchPurpose): void {
    if (patches.length === 0) return;
    let pending = this.pending.get(namespace);
    if (!pending) {
      pending = { patches: new Map(), purposes: new Set() };
      this.pending.set(namespace, pending);
    }
    for (const { id, metadata } of patches)
      pending.patches.set(id, { ...pending.patches.get(id), ...metadata });
    pending.purposes.add(purpose);
    if (!this.writing.has(namespace)) this.writeFrom(namespace);
  }

  async flush(): Promise<void> {
    while (this.writing.size > 0) await Promise.all([...this.writing.values()]);
  }

  /** Writes the namespace's pending patches, then whatever was queued meanwhile, until none is left. */
  private writeFrom(namespace: string): void {
    const pending = this.pending.get(namespace);
    if (!pending) {
      this.writing.delete(namespace);
      return;
    }
    this.pending.delete(namespace);
    const patches = [...pending.patches].map(([id, metadata]) => ({ id, metadata }));
    const write = this.memories
      .patch(namespace, patches)
      .catch((error: unknown) =>
        this.logger.warn('memory.background_patch_failed', {
          memories: patches.length,
          purposes: [...pending.purposes].join(','),
          error,
        }),
      )
      .then(() => this.writeFrom(namespace));
    this.writing.set(namespace, write);
  }
}
