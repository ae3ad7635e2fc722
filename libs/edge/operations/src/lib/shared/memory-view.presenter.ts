/**
 * The shapes of a memory in structured results, shared by every tool result and REST response that
 * shows one: the full view (remember, recall, update), content with the private flag (episodes,
 * consolidation, forget candidates), the bare reference (ids a result names, with their private flag)
 * and the ids a call named that do not exist; and the full view of a stored memory.
 */
import { z } from 'zod';
import { MEMORY_CATEGORIES } from '@kioku/categories';
import type { Memory } from '@kioku/memory';
import { EMOTIONS } from '@kioku/memory/schemas';

const emotionName = z.enum(EMOTIONS);

export const memoryViewSchema = z.strictObject({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  category: z.enum(MEMORY_CATEGORIES),
  importance: z.number(),
  emotion: z.strictObject({
    primary: emotionName,
    secondary: z.array(emotionName),
    intensity: z.number(),
    valence: z.number(),
    arousal: z.number(),
  }),
  tags: z.array(z.string()),
  private: z.boolean(),
  accessCount: z.number(),
  lastAccessedAt: z.string().nullable(),
});
export type MemoryView = z.output<typeof memoryViewSchema>;

/** A memory shown by its content: episodes, consolidation candidates. */
export const memoryContentSchema = z.strictObject({
  id: z.string(),
  content: z.string(),
  private: z.boolean(),
});

/** A memory a result names: its id and whether it is private (so a caller can keep it out of logs). */
export const memoryRefSchema = z.strictObject({ id: z.string(), private: z.boolean() });

/** Some of the memories a call named do not exist (link_memories, merge_memories). */
export const memoriesMissingSchema = z.strictObject({
  status: z.literal('not_found'),
  missingIds: z.array(z.string()),
});

export function memoryView(memory: Memory): MemoryView {
  return {
    id: memory.id,
    content: memory.content,
    createdAt: memory.createdAt,
    updatedAt: memory.updatedAt,
    category: memory.category,
    importance: memory.importance,
    emotion: { ...memory.emotion, secondary: [...memory.emotion.secondary] },
    tags: [...memory.tags],
    private: memory.isPrivate,
    accessCount: memory.accessCount,
    lastAccessedAt: memory.lastAccessedAt,
  };
}
