/** Input of create_episode (behaviour §4.10). */
import { z } from 'zod';
import { idString } from '@kioku/memory/schemas';

export const createEpisodeInputShape = {
  memory_ids: z.array(idString).max(200),
  summary: z.string().max(2000),
};

export const createEpisodeInputSchema = z.object(createEpisodeInputShape);
export type CreateEpisodeInput = z.infer<typeof createEpisodeInputSchema>;
