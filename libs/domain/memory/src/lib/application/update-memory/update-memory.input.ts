/** Input of update_memory (behaviour §4.3). */
import { z } from 'zod';
import { contentString, idString, memoryFieldsShape } from '../shared/memory-fields.input';

export const updateMemoryInputShape = {
  memory_id: idString,
  content: contentString.optional(),
  ...memoryFieldsShape,
};

export const updateMemoryInputSchema = z.object(updateMemoryInputShape);
export type UpdateMemoryInput = z.infer<typeof updateMemoryInputSchema>;
