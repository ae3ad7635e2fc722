/** Input of merge_memories (behaviour §4.9): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { contentString, idString } from '@kioku/memory/schemas';

const mergeMemoriesInputShape = {
  keep_id: idString,
  remove_id: idString,
  merged_content: contentString.optional(),
};

export const mergeMemoriesInputSchema = z.object(mergeMemoriesInputShape);
export interface MergeMemoriesInput {
  keepId: string;
  removeId: string;
  /** The kept memory's new content, if it changes. */
  mergedContent?: string;
}
