/** DI tokens of the memory-changes library. */
import { token } from '@kioku/kernel';
import type { MemoryChangeFeed } from './memory-change-feed';

export const MEMORY_CHANGES_TOKENS = {
  Feed: token<MemoryChangeFeed>('memoryChanges.Feed'),
} as const;
