/** Input of update_memory (behaviour §4.3): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { contentString, idString, memoryFieldsShape } from '../shared/memory-fields.input';

const updateMemoryInputShape = {
  memory_id: idString,
  content: contentString.optional(),
  ...memoryFieldsShape,
};

export const updateMemoryInputSchema = z.object(updateMemoryInputShape);

/** The memory by id and the fields that change (the memory fields are named alike on the wire). */
export type UpdateMemoryInput = { memoryId: string } & Omit<
  z.infer<typeof updateMemoryInputSchema>,
  'memory_id'
>;
