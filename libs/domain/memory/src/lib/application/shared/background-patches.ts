/**
 * Metadata writes that no caller waits for (the access counts recall records, the thread link to the
 * next memory), coalesced: per namespace at most one patch write is in flight, and the patches queued
 * meanwhile are merged by memory id (later keys win) and sent together when it ends. So a busy
 * namespace pays one store write per round instead of one per recall or remember. Access counts
 * alone wait `ACCESS_WRITE_DELAY_MS` before they are sent, so that a namespace recalled from
 * continually pays about one write a second: a read that meets a write takes 2–3× as long on Chroma
 * (measured: a get of 30 memories 6.9 ms alone, 20.8 ms beside a patch). A thread link is sent at
 * once, and takes waiting access counts with it. Failures are logged, never thrown; `flush()` sends
 * what waits and resolves once everything queued has been written (shutdown, tests).
 */
import { inject, injectable } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import type { Metadata } from '@kioku/vector-store';
import { MemoryRepository } from '../memory.repository';

/** How long access counts wait for more to join them before they are written. */
export const ACCESS_WRITE_DELAY_MS = 1000;

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
  /** Per namespace waiting out the access delay: sends its patches now. */
  private readonly waiting = new Map<string, () => void>();
  /** Per namespace, the patches of the write in flight. */
  private readonly sending = new Map<string, Map<string, Metadata>>();

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
    else if (purpose !== 'access') this.waiting.get(namespace)?.();
  }

  /** The keys queued or being written for a memory, merged (later win); undefined when none. */
  unwritten(namespace: string, id: string): Metadata | undefined {
    const sending = this.sending.get(namespace)?.get(id);
    const pending = this.pending.get(namespace)?.patches.get(id);
    return sending || pending ? { ...sending, ...pending } : undefined;
  }

  async flush(): Promise<void> {
    while (this.writing.size > 0) {
      for (const sendNow of this.waiting.values()) sendNow();
      await Promise.all([...this.writing.values()]);
    }
  }

  /**
   * Writes the namespace's pending patches (access counts alone after the delay), then whatever was
   * queued meanwhile, until none is left.
   */
  private writeFrom(namespace: string): void {
    const pending = this.pending.get(namespace);
    if (!pending) {
      this.writing.delete(namespace);
      return;
    }
    const accessOnly = [...pending.purposes].every((purpose) => purpose === 'access');
    const ready = accessOnly ? this.delay(namespace) : Promise.resolve();
    this.writing.set(
      namespace,
      ready.then(() => this.write(namespace)).then(() => this.writeFrom(namespace)),
    );
  }

  private delay(namespace: string): Promise<void> {
    return new Promise((resolve) => {
      const sendNow = () => {
        clearTimeout(timer);
        this.waiting.delete(namespace);
        resolve();
      };
      const timer = setTimeout(sendNow, ACCESS_WRITE_DELAY_MS);
      timer.unref(); // the apps flush on shutdown; a waiting write keeps no process alive
      this.waiting.set(namespace, sendNow);
    });
  }

  private async write(namespace: string): Promise<void> {
    const pending = this.pending.get(namespace);
    if (!pending) return;
    this.pending.delete(namespace);
    this.sending.set(namespace, pending.patches);
    const patches = [...pending.patches].map(([id, metadata]) => ({ id, metadata }));
    await this.memories
      .patch(namespace, patches)
      .catch((error: unknown) =>
        this.logger.warn('memory.background_patch_failed', {
          memories: patches.length,
          purposes: [...pending.purposes].join(','),
          error,
        }),
      )
      .finally(() => this.sending.delete(namespace));
  }
}
