/** Schemas entry point (`@kioku/consolidation/schemas`): tool input and output schemas, pure zod (see `@kioku/memory/schemas`). */
export * from './lib/application/consolidate/consolidate.input';
export * from './lib/application/merge-memories/merge-memories.input';
export * from './lib/presenters/consolidation.output';
