/** DI tokens owned by the memory library. */
import { token } from '@kioku/kernel';
import type { MemorySettings } from './memory-settings';
import type { MemoryChangeListener } from './ports/memory-change-listener.port';

export const MEMORY_TOKENS = {
  Settings: token<MemorySettings>('memory.Settings'),
  /** Multi-bound: every listener is told of every change. */
  ChangeListener: token<MemoryChangeListener>('memory.ChangeListener'),
} as const;
