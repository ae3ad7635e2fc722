/** Text and structured forms of the episode operations (behaviour §4.10). */
import { snippet } from '@kioku/kernel';
import type { GetEpisodeResult } from '@kioku/episodes';
import type { CreateEpisodeOutcome } from './episode-drafts';
import type { CreateEpisodeOutput, GetEpisodeOutput } from './episode.output';
import type { VariantFor } from '../shared/variant-for';

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
