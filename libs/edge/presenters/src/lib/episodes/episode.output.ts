/**
 * Zod schemas of the structured results of create_episode and get_episode: every field, strict
 * objects. `getEpisodeToolOutputSchema` is the one-object form for the MCP `outputSchema`; REST answers
 * a found episode (not found is a 404 problem).
 */
import { z } from 'zod';
import { memoryContentSchema, memoryRefSchema } from '../shared/memory-view.output';
import { toolOutputSchema } from '../shared/tool-output';

export const createEpisodeOutputSchema = z.strictObject({
  episodeId: z.string(),
  memoryIds: z.array(z.string()),
  droppedIds: z.array(z.string()),
  memories: z.array(memoryRefSchema),
  /** MCP only: the summary was drafted by the client's model. */
  summaryDrafted: z.literal(true).optional(),
});
export type CreateEpisodeOutput = z.output<typeof createEpisodeOutputSchema>;

export const episodeFoundSchema = z.strictObject({
  status: z.literal('found'),
  episodeId: z.string(),
  summary: z.string(),
  memoryIds: z.array(z.string()),
  memories: z.array(memoryContentSchema),
  startTime: z.string(),
  endTime: z.string(),
  importance: z.number(),
  missingCount: z.number(),
});
const episodeNotFoundSchema = z.strictObject({ status: z.literal('not_found'), episodeId: z.string() });
export const getEpisodeOutputSchema = z.discriminatedUnion('status', [
  episodeFoundSchema,
  episodeNotFoundSchema,
]);
export const getEpisodeToolOutputSchema = toolOutputSchema('status', [
  episodeFoundSchema,
  episodeNotFoundSchema,
]);
export type GetEpisodeOutput = z.output<typeof getEpisodeOutputSchema>;
