/** Input of recall (SPEC §4.2). */
import { z } from 'zod';

export const recallInputShape = {
  query: z.string().describe('What to look for, in your own words'),
  n_results: z.number().int().min(1).max(20).optional().describe('1-20 (default 3)'),
  category: z.string().optional(),
  emotion: z.string().optional().describe('Primary emotion filter'),
  tags: z.union([z.array(z.string()), z.string()]).optional().describe('Any of these tags'),
  date_from: z.string().optional().describe('ISO date/time, inclusive'),
  date_to: z.string().optional().describe('ISO date/time, inclusive'),
  include_private: z.boolean().optional().describe('Default true'),
};

export const recallInputSchema = z.object(recallInputShape);
export type RecallInput = z.infer<typeof recallInputSchema>;
