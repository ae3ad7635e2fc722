/** Input of restore (SPEC §4.7). */
import { z } from 'zod';

export const restoreInputShape = { memory_id: z.string() };
export const restoreInputSchema = z.object(restoreInputShape);
export type RestoreInput = z.infer<typeof restoreInputSchema>;
