/** Schemas entry point (`@kioku/forgetting/schemas`): tool input schemas, pure zod (see `@kioku/memory/schemas`). */
export { forgetInputSchema } from './lib/application/forget/forget.input';
export { restoreInputSchema } from './lib/application/restore/restore.input';
export { DELETION_REASONS } from './lib/domain/trash-entry';
