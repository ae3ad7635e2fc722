/** Input of get_episode (behaviour §4.10). */
import { z } from 'zod';
import { idString } from '@kioku/memory/schemas';

export const getEpisodeInputShape = { episode_id: idString };
export const getEpisodeInputSchema = z.object(getEpisodeInputShape);
export type GetEpisodeInput = z.infer<typeof getEpisodeInputSchema>;
