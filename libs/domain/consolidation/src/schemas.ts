/** Schemas entry point (`@kioku/consolidation/schemas`): tool input schemas, pure zod (see `@kioku/memory/schemas`). */
export * from './lib/application/consolidate/consolidate.input';
export * from './lib/application/merge-memories/merge-memories.input';
