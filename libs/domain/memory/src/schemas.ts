/**
 * Schemas entry point (`@kioku/memory/schemas`): the tool input shapes and the vocabulary output schemas use, alone, pure
 * zod, so that an MCP server can list its tools before the library (and inversify) is loaded.
 */
export { rememberInputSchema } from './lib/application/remember/remember.input';
export { rememberBatchInputSchema } from './lib/application/remember-batch/remember-batch.input';
export { recallInputSchema } from './lib/application/recall/recall.input';
export { updateMemoryInputSchema } from './lib/application/update-memory/update-memory.input';
export { linkMemoriesInputSchema } from './lib/application/link-memories/link-memories.input';
export { EMOTIONS } from './lib/domain/memory';
export { INPUT_LIMITS } from './lib/application/shared/memory-fields.input';
export { contentString, idString } from './lib/application/shared/memory-fields.input';
