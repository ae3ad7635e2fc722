/** Zod schemas of the structured results of consolidate, merge_memories and wake_up (MCP `outputSchema`). */
import { z } from 'zod';

export const consolidateOutputSchema = z.looseObject({ replayed: z.number() });
export const mergeMemoriesOutputSchema = z.looseObject({
  status: z.enum(['merged', 'not_found', 'protected']),
});
export const wakeUpOutputSchema = z.looseObject({ total: z.number() });
