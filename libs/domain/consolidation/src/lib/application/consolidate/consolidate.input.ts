/** Input of consolidate (behaviour §4.8). */
import { z } from 'zod';

export const consolidateInputShape = {
  window_hours: z
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
  dry_run: z.boolean().optional(),
};

export const consolidateInputSchema = z.object(consolidateInputShape);
export type ConsolidateInput = z.infer<typeof consolidateInputSchema>;
