/**
 * An observer of memory changes (workspace files today), multi-bound under
 * `MEMORY_TOKENS.ChangeListener`; the MemoryChangeNotifier calls every one and logs a failure without
 * content, never failing the operation (behaviour §6).
 */
import type { Memory } from '../domain/memory';

export interface MemoryChangeListener {
  /** A memory was saved: a new one, or one brought back from the trash. */
  saved(namespace: string, memory: Memory): Promise<void>;
  /** A memory's content or metadata changed (update_memory, merge). */
  updated(namespace: string, before: Memory, after: Memory): Promise<void>;
  /** A memory was deleted (forget, auto-forget, merge). */
  deleted(namespace: string, memory: Memory): Promise<void>;
}
