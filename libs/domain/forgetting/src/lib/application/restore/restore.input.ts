/** Input of restore (behaviour §4.7): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { idString } from '@kioku/memory/schemas';

const restoreInputShape = { memory_id: idString };
export const restoreInputSchema = z.object(restoreInputShape);
export interface RestoreInput {
  memoryId: string;
}
