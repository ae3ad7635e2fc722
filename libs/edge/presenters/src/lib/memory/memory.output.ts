/**
 * Zod schemas of the structured results of remember, recall, update_memory and link_memories: every
 * field, strict objects. Each result with variants is a discriminated union (the presenters' return
 * types and the REST responses); `*ToolOutputSchema` is its one-object form for the MCP `outputSchema`.
 */
import { z } from 'zod';
import { LINK_TYPES } from '@kioku/links/schemas';
import { memoryRefSchema, memoryViewSchema } from '../shared/memory-view.output';
import { toolOutputSchema } from '../shared/tool-output';

export const rememberSavedSchema = z.strictObject({
  status: z.literal('saved'),
  memory: memoryViewSchema,
  linked: z.array(z.strictObject({ id: z.string(), similarity: z.number(), private: z.boolean() })),
});
export const rememberDuplicateSchema = z.strictObject({
  status: z.literal('duplicate'),
  existing: memoryViewSchema,
  similarity: z.number(),
});
export const rememberOutputSchema = z.discriminatedUnion('status', [
  rememberSavedSchema,
  rememberDuplicateSchema,
]);
export const rememberToolOutputSchema = toolOutputSchema('status', [
  rememberSavedSchema,
  rememberDuplicateSchema,
]);
export type RememberOutput = z.output<typeof rememberOutputSchema>;

/** One item of a batch that was not looked at further: its input was refused (code and why). */
const rememberItemErrorSchema = z.strictObject({
  status: z.literal('error'),
  error: z.strictObject({ code: z.string(), message: z.string() }),
});
export const rememberBatchOutputSchema = z.strictObject({
  saved: z.number(),
  duplicates: z.number(),
  errors: z.number(),
  /** One per input item, in input order. */
  results: z.array(
    z.discriminatedUnion('status', [rememberSavedSchema, rememberDuplicateSchema, rememberItemErrorSchema]),
  ),
});
export type RememberBatchOutput = z.output<typeof rememberBatchOutputSchema>;

export const recallOutputSchema = z.strictObject({
  results: z.array(
    z.strictObject({
      ...memoryViewSchema.shape,
      similarity: z.number(),
      score: z.number(),
      source: z.enum(['vector', 'lexical', 'context', 'link']),
    }),
  ),
});
export type RecallOutput = z.output<typeof recallOutputSchema>;

/** The fields update_memory reports as changed (`private` for the stored `isPrivate`). */
const CHANGED_FIELDS = ['content', 'category', 'importance', 'emotion', 'tags', 'private'] as const;

const memoryUpdatedSchema = z.strictObject({
  status: z.literal('updated'),
  memory: memoryViewSchema,
  changed: z.array(z.enum(CHANGED_FIELDS)),
  relinked: z.number(),
});
const memoryUnchangedSchema = z.strictObject({
  status: z.literal('unchanged'),
  memory: memoryViewSchema,
});
const memoryNotFoundSchema = z.strictObject({ status: z.literal('not_found'), memoryId: z.string() });
const updateVariants = [memoryUpdatedSchema, memoryUnchangedSchema, memoryNotFoundSchema] as const;
export const updateMemoryOutputSchema = z.discriminatedUnion('status', [...updateVariants]);
export const updateMemoryToolOutputSchema = toolOutputSchema('status', updateVariants);
export type UpdateMemoryOutput = z.output<typeof updateMemoryOutputSchema>;

/** Found by REST: updated or unchanged (not found is a 404 problem). */
export const updateMemoryFoundSchema = z.discriminatedUnion('status', [
  memoryUpdatedSchema,
  memoryUnchangedSchema,
]);

export const memoriesMissingSchema = z.strictObject({
  status: z.literal('not_found'),
  missingIds: z.array(z.string()),
});
export const memoriesLinkedSchema = z.strictObject({
  status: z.literal('linked'),
  sourceId: z.string(),
  targetId: z.string(),
  type: z.enum(LINK_TYPES),
  confidence: z.number(),
  memories: z.array(memoryRefSchema),
});
const linkExistsSchema = z.strictObject({
  status: z.literal('exists'),
  sourceId: z.string(),
  targetId: z.string(),
  type: z.enum(LINK_TYPES),
  memories: z.array(memoryRefSchema),
});
const linkVariants = [memoriesLinkedSchema, linkExistsSchema, memoriesMissingSchema] as const;
export const linkMemoriesOutputSchema = z.discriminatedUnion('status', [...linkVariants]);
export const linkMemoriesToolOutputSchema = toolOutputSchema('status', linkVariants);
export type LinkMemoriesOutput = z.output<typeof linkMemoriesOutputSchema>;
