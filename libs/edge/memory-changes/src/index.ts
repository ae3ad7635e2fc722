/** Public API of @kioku/memory-changes: memory changes told to every process on the data dir, and followed. */
export { type MemoryChange } from './lib/memory-change';
export { MemoryChangeFeed } from './lib/memory-change-feed';
export { memoryChangesModule } from './lib/memory-changes.module';
export { MEMORY_CHANGES_TOKENS } from './lib/memory-changes.tokens';
