/**
 * Episode summaries drafted by the client's model (MCP sampling): what create_episode and consolidate
 * answer besides the use case's result — whether the summary was drafted, the draft, and why there is
 * none. Only public memories were sent to the model.
 */
import type { ConsolidateResult } from '@kioku/consolidation';
import type { CreateEpisodeResult } from '@kioku/episodes';
import { z } from 'zod';

const NO_DRAFT_REASONS = [
  /** The client refused or failed (or its person said no). */
  'refused',
  /** Its answer held no text. */
  'empty',
  /** None of the memories may be sent: all private (or none there). */
  'nothing_public',
] as const;
export type NoDraftReason = (typeof NO_DRAFT_REASONS)[number];

export type CreateEpisodeOutcome = CreateEpisodeResult & { summaryDrafted?: true };

export interface EpisodeDraft {
  /** The window's public memories the draft covers (the episode's members if saved). */
  memoryIds: string[];
  /** The draft; absent when there is none (then `noDraft` says why). */
  summary?: string;
  /** The episode made from it, when the call asked to save it. */
  episodeId?: string;
  noDraft?: NoDraftReason;
}

export type ConsolidateOutcome = ConsolidateResult & { episodeDraft?: EpisodeDraft };

export const episodeDraftSchema = z.strictObject({
  memoryIds: z.array(z.string()),
  summary: z.string().optional(),
  episodeId: z.string().optional(),
  noDraft: z.enum(NO_DRAFT_REASONS).optional(),
});

/** Why there is no draft, as the end of a sentence for the agent. */
export function noDraftReason(reason: NoDraftReason): string {
  switch (reason) {
    case 'refused':
      return "the client's model did not draft one (refused or failed).";
    case 'empty':
      return "the client's model answered without text.";
    case 'nothing_public':
      return 'none of the memories may be sent to a model (private ones never are).';
  }
}

export function episodeDraftText(draft: EpisodeDraft): string {
  if (draft.summary === undefined)
    return `No episode summary drafted: ${noDraftReason(draft.noDraft ?? 'refused')}`;
  if (draft.episodeId !== undefined)
    return `Saved as episode ${draft.episodeId} with ${draft.memoryIds.length} memories, its summary drafted by your client's model: "${draft.summary}"`;
  return [
    `Episode summary drafted by your client's model (not saved) for ${draft.memoryIds.length} memories: "${draft.summary}"`,
    `To keep it, call create_episode with memory_ids ${JSON.stringify(draft.memoryIds)} and this summary.`,
  ].join('\n');
}
