/** Schemas entry point (`@kioku/consolidation/schemas`): tool input schemas, pure zod (see `@kioku/memory/schemas`). */
export { consolidateInputSchema } from './lib/application/consolidate/consolidate.input';
export { mergeMemoriesInputSchema } from './lib/application/merge-memories/merge-memories.input';
