/** Input of forget (behaviour §4.5, §7): ids, or a query, or a sweep; never a `confirm` parameter. */
import { z } from 'zod';
import { INPUT_LIMITS, idString } from '@kioku/memory/schemas';

export const MAX_IDS_PER_CALL = 20;

const forgetInputShape = {
  memory_id: idString.optional(),
  memory_ids: z.array(idString).max(MAX_IDS_PER_CALL).optional(),
  query: z.string().max(INPUT_LIMITS.queryLength).optional(),
  sweep: z.boolean().optional(),
  dry_run: z.boolean().optional(),
};

/** Strict: an unknown key such as `confirm` is an error, never silently ignored. */
export const forgetInputSchema = z.strictObject(forgetInputShape);

/** What the forget use case is asked: ids, or a query, or a sweep (dry run unless `dryRun: false`). */
export interface ForgetInput {
  memoryId?: string;
  memoryIds?: string[];
  query?: string;
  sweep?: boolean;
  dryRun?: boolean;
}
