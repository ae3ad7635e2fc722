/** Input of restore (behaviour §4.7). */
import { z } from 'zod';
import { idString } from '@kioku/memory/schemas';

export const restoreInputShape = { memory_id: idString };
export const restoreInputSchema = z.object(restoreInputShape);
export type RestoreInput = z.infer<typeof restoreInputSchema>;
