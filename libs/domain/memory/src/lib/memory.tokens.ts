/** DI tokens owned by the memory library. */
import { token } from '@kioku/kernel';
import type { MemorySettings } from './application/memory-settings';

export const MEMORY_TOKENS = {
  Settings: token<MemorySettings>('memory.Settings'),
} as const;
