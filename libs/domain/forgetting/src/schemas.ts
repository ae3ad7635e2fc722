/** Schemas entry point (`@kioku/forgetting/schemas`): tool input schemas, pure zod (see `@kioku/memory/schemas`). */
export * from './lib/application/forget/forget.input';
export * from './lib/application/restore/restore.input';
export { DELETION_REASONS, type DeletionReason } from './lib/domain/trash-entry';
