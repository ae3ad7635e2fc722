/**
 * Tells the observers of memory changes (MemoryChangeListener) what changed. Use cases announce changes through the
 * MemoryChangeNotifier; a listener's failure is logged without content and never fails the
 * operation that caused it (behaviour §6: "a failing workspace write never fails the memory operation").
 */
import { inject, injectable, multiInject, optional } from 'inversify';
import { KERNEL_TOKENS, type Logger } from '@kioku/kernel';
import type { Memory } from '../domain/memory';
import { MEMORY_TOKENS } from '../memory.tokens';
import type { MemoryChangeListener } from '../ports/memory-change-listener.port';

@injectable()
export class MemoryChangeNotifier {
  constructor(
    @multiInject(MEMORY_TOKENS.ChangeListener)
    @optional()
    private readonly listeners: MemoryChangeListener[] = [],
    @inject(KERNEL_TOKENS.Logger) private readonly logger: Logger,
  ) {}

  saved(namespace: string, memory: Memory): Promise<void> {
    return this.notify('saved', memory.id, (l) => l.saved(namespace, memory));
  }

  updated(namespace: string, before: Memory, after: Memory): Promise<void> {
    return this.notify('updated', after.id, (l) => l.updated(namespace, before, after));
  }

  deleted(namespace: string, memory: Memory): Promise<void> {
    return this.notify('deleted', memory.id, (l) => l.deleted(namespace, memory));
  }

  private async notify(
    change: string,
    memoryId: string,
    call: (listener: MemoryChangeListener) => Promise<void>,
  ): Promise<void> {
    for (const listener of this.listeners ?? []) {
      try {
        await call(listener);
      } catch (error) {
        this.logger.warn('memory.listener_failed', {
          change,
          memoryId,
          listener: listener.constructor.name,
          error,
        });
      }
    }
  }
}
