/** Input of merge_memories (SPEC §4.9). */
import { z } from 'zod';

export const mergeMemoriesInputShape = {
  keep_id: z.string(),
  remove_id: z.string(),
  merged_content: z.string().optional(),
};

export const mergeMemoriesInputSchema = z.object(mergeMemoriesInputShape);
export type MergeMemoriesInput = z.infer<typeof mergeMemoriesInputSchema>;
