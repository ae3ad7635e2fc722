/** Input of recall (behaviour §4.2): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { INPUT_LIMITS, dateString, nameString, stringList } from '../shared/memory-fields.input';

const recallInputShape = {
  query: z.string().max(INPUT_LIMITS.queryLength),
  n_results: z.number().int().min(1).max(20).optional(),
  category: nameString.optional(),
  emotion: nameString.optional(),
  tags: stringList.optional().describe('any of'),
  date_from: dateString.optional().describe('ISO date'),
  date_to: dateString.optional().describe('ISO date'),
  include_private: z.boolean().optional(),
};

export const recallInputSchema = z.object(recallInputShape);
export interface RecallInput {
  query: string;
  /** How many memories to return (default 3). */
  limit?: number;
  category?: string;
  emotion?: string;
  /** Memories with any of these tags. */
  tags?: string[];
  /** ISO dates; a bare date covers its whole day. */
  from?: string;
  to?: string;
  /** `false` leaves private memories out. */
  includePrivate?: boolean;
}
