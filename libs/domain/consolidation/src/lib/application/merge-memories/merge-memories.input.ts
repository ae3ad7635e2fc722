/** Input of merge_memories (behaviour §4.9). */
import { z } from 'zod';
import { contentString, idString } from '@kioku/memory/schemas';

export const mergeMemoriesInputShape = {
  keep_id: idString,
  remove_id: idString,
  merged_content: contentString.optional(),
};

export const mergeMemoriesInputSchema = z.object(mergeMemoriesInputShape);
export type MergeMemoriesInput = z.infer<typeof mergeMemoriesInputSchema>;
