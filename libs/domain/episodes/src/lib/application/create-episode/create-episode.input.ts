/** Input of create_episode (behaviour §4.10): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { idString } from '@kioku/memory/schemas';

const createEpisodeInputShape = {
  memory_ids: z.array(idString).max(200),
  /** Required, unless the MCP client lends its model to draft it (the edge fills it in then). */
  summary: z.string().max(2000).optional(),
};

export const createEpisodeInputSchema = z.object(createEpisodeInputShape);
export interface CreateEpisodeInput {
  memoryIds: string[];
  summary: string;
}
