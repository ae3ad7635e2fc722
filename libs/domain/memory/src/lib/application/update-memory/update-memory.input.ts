/** Input of update_memory (behaviour §4.3): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { contentString, idString, memoryFieldsShape } from '../shared/memory-fields.input';
import type { MemoryUpdate } from '../shared/memory-updater';

const updateMemoryInputShape = {
  memory_id: idString,
  content: contentString.optional(),
  ...memoryFieldsShape,
};

export const updateMemoryInputSchema = z.object(updateMemoryInputShape);

/** The memory by id and the fields that change (what MemoryUpdater takes). */
export type UpdateMemoryInput = MemoryUpdate;
