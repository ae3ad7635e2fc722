/** Input of get_episode (SPEC §4.10). */
import { z } from 'zod';

export const getEpisodeInputShape = { episode_id: z.string() };
export const getEpisodeInputSchema = z.object(getEpisodeInputShape);
export type GetEpisodeInput = z.infer<typeof getEpisodeInputSchema>;
