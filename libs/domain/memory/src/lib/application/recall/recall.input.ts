/** Input of recall (SPEC §4.2). */
import { z } from 'zod';
import { INPUT_LIMITS, stringList } from '../shared/memory-fields.input';

export const recallInputShape = {
  query: z.string().max(INPUT_LIMITS.queryLength),
  n_results: z.number().int().min(1).max(20).optional(),
  category: z.string().optional(),
  emotion: z.string().optional(),
  tags: stringList.optional().describe('any of'),
  date_from: z.string().optional().describe('ISO date'),
  date_to: z.string().optional().describe('ISO date'),
  include_private: z.boolean().optional(),
};

export const recallInputSchema = z.object(recallInputShape);
export type RecallInput = z.infer<typeof recallInputSchema>;
