/** Input of update_memory (SPEC §4.3). */
import { z } from 'zod';
import { memoryFieldsShape } from '../shared/memory-fields.input';

export const updateMemoryInputShape = {
  memory_id: z.string(),
  content: z.string().optional(),
  ...memoryFieldsShape,
};

export const updateMemoryInputSchema = z.object(updateMemoryInputShape);
export type UpdateMemoryInput = z.infer<typeof updateMemoryInputSchema>;
