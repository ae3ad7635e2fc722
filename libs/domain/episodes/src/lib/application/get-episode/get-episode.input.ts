/** Input of get_episode (behaviour §4.10): the wire schema (the edge's) and the use case's input. */
import { z } from 'zod';
import { idString } from '@kioku/memory/schemas';

const getEpisodeInputShape = { episode_id: idString };
export const getEpisodeInputSchema = z.object(getEpisodeInputShape);
export interface GetEpisodeInput {
  episodeId: string;
}
