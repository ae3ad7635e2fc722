/**
 * A notice that a memory changed, as it travels between processes: which memory, how, and whether
 * it was public before and after — never its content, its tags or anything else it says. Readers
 * that show only public memories (an MCP client's resource list) tell their client only of changes
 * that touch a public one.
 */
import { z } from 'zod';
import { MEMORY_ID_PATTERN } from '@kioku/kernel';

const MEMORY_CHANGE_KINDS = ['saved', 'updated', 'deleted'] as const;

const memoryChangeSchema = z.strictObject({
  memoryId: z.string().regex(MEMORY_ID_PATTERN),
  kind: z.enum(MEMORY_CHANGE_KINDS),
  /** Public after the change (false once deleted). */
  publicAfter: z.boolean(),
  /** Public before the change (false for a memory saved or brought back from the trash). */
  publicBefore: z.boolean(),
});

export type MemoryChange = z.output<typeof memoryChangeSchema>;

/** The change, or undefined for anything a journal line holds that is not one. */
export function readMemoryChange(event: unknown): MemoryChange | undefined {
  const parsed = memoryChangeSchema.safeParse(event);
  return parsed.success ? parsed.data : undefined;
}
