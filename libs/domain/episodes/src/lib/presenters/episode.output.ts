/** Zod schemas of the structured results of create_episode and get_episode (MCP `outputSchema`). */
import { z } from 'zod';

export const createEpisodeOutputSchema = z.looseObject({ episodeId: z.string() });
export const getEpisodeOutputSchema = z.looseObject({ status: z.enum(['found', 'not_found']) });
