/** Input of update_memory (SPEC §4.3). */
import { z } from 'zod';
import { memoryFieldsShape } from '../shared/memory-fields.input';

export const updateMemoryInputShape = {
  memory_id: z.string().describe('Exact id, e.g. mem_651b9d294720'),
  content: z.string().optional().describe('New content (re-embeds and re-links)'),
  ...memoryFieldsShape,
};

export const updateMemoryInputSchema = z.object(updateMemoryInputShape);
export type UpdateMemoryInput = z.infer<typeof updateMemoryInputSchema>;
