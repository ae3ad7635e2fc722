/**
 * What get_episode answers (behaviour §4.10): the episode and its memories as text, and the structured
 * view that is MCP `structuredContent` and the REST body, with its schema (found, or not found).
 */
import { z } from 'zod';
import { snippet } from '@kioku/kernel';
import type { GetEpisodeResult } from '@kioku/episodes';
import { memoryContentSchema } from '../shared/memory-view.presenter';
import type { VariantFor } from '../shared/output-schema';

export const getEpisodeOutput = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('found'),
    episodeId: z.string(),
    summary: z.string(),
    memoryIds: z.array(z.string()),
    memories: z.array(memoryContentSchema),
    startTime: z.string(),
    endTime: z.string(),
    importance: z.number(),
    missingCount: z.number(),
  }),
  z.strictObject({ status: z.literal('not_found'), episodeId: z.string() }),
]);
type GetEpisodeOutput = z.output<typeof getEpisodeOutput>;

export function getEpisodeText(result: GetEpisodeResult): string {
  if (result.status === 'not_found') return `Episode not found: ${result.episodeId}`;
  const { episode, memories, missingCount } = result;
  const lines = [
    `Episode: ${episode.id}`,
    `Summary: ${episode.summary}`,
    `Memories: ${memories.length}`,
    `Period: ${episode.startTime} → ${episode.endTime}`,
    `Importance: ${episode.importance}`,
  ];
  if (missingCount > 0) lines.push(`Note: ${missingCount} memory(ies) no longer exist.`);
  for (const m of memories) lines.push(`- ${m.id}: ${snippet(m.content, 70)} (private: ${m.isPrivate})`);
  return lines.join('\n');
}

export function getEpisodeStructured<R extends GetEpisodeResult>(
  result: R,
): VariantFor<GetEpisodeOutput, 'status', R>;
export function getEpisodeStructured(result: GetEpisodeResult): GetEpisodeOutput {
  if (result.status === 'not_found') return { status: result.status, episodeId: result.episodeId };
  return {
    status: result.status,
    episodeId: result.episode.id,
    summary: result.episode.summary,
    memoryIds: result.memories.map((m) => m.id),
    memories: result.memories.map((m) => ({ id: m.id, content: m.content, private: m.isPrivate })),
    startTime: result.episode.startTime,
    endTime: result.episode.endTime,
    importance: result.episode.importance,
    missingCount: result.missingCount,
  };
}
