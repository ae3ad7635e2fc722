/**
 * What create_episode answers (behaviour §4.10): the episode made as text, and the structured view that
 * is MCP `structuredContent` and the REST body, with its schema.
 */
import { z } from 'zod';
import type { CreateEpisodeOutcome } from '../shared/episode-draft.presenter';
import { memoryRefSchema } from '../shared/memory-view.presenter';

export const createEpisodeOutput = z.strictObject({
  episodeId: z.string(),
  memoryIds: z.array(z.string()),
  droppedIds: z.array(z.string()),
  memories: z.array(memoryRefSchema),
  /** MCP only: the summary was drafted by the client's model. */
  summaryDrafted: z.literal(true).optional(),
});
type CreateEpisodeOutput = z.output<typeof createEpisodeOutput>;

export function createEpisodeText(result: CreateEpisodeOutcome): string {
  const n = result.episode.memoryIds.length;
  const lines = [`Created episode ${result.episode.id} with ${n} ${n === 1 ? 'memory' : 'memories'}.`];
  if (result.summaryDrafted)
    lines.push(`Summary drafted by your client's model: "${result.episode.summary}"`);
  if (result.droppedIds.length > 0) lines.push(`Skipped unknown ids: ${result.droppedIds.join(', ')}`);
  return lines.join('\n');
}

export function createEpisodeStructured(result: CreateEpisodeOutcome): CreateEpisodeOutput {
  return {
    episodeId: result.episode.id,
    memoryIds: result.episode.memoryIds,
    droppedIds: result.droppedIds,
    memories: result.members.map((m) => ({ id: m.id, private: m.isPrivate })),
    ...(result.summaryDrafted ? { summaryDrafted: true as const } : {}),
  };
}
