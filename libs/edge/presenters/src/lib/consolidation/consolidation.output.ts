/**
 * Zod schemas of the structured results of consolidate, merge_memories and wake_up: every field,
 * strict objects. `mergeMemoriesToolOutputSchema` is the one-object form for the MCP `outputSchema`;
 * REST answers a merge (a missing or protected memory is a problem).
 */
import { z } from 'zod';
import { memoryContentSchema, memoryRefSchema } from '../shared/memory-view.output';
import { episodeDraftSchema } from '../episodes/episode-drafts';
import { unconfirmedAnswerSchema } from '../person/unconfirmed-answer';
import { toolOutputSchema } from '../shared/tool-output';
import { memoriesMissingSchema } from '../memory/memory.output';

export const consolidateOutputSchema = z.strictObject({
  dryRun: z.boolean(),
  windowHours: z.number(),
  replayed: z.number(),
  coactivations: z.number(),
  linksCreated: z.number(),
  linksStrengthened: z.number(),
  linksPruned: z.number(),
  refreshed: z.number(),
  episodeIdsDropped: z.number(),
  mergeCandidates: z.array(
    z.strictObject({ a: memoryContentSchema, b: memoryContentSchema, similarity: z.number() }),
  ),
  fading: z.array(memoryContentSchema),
  /** MCP only: the episode summary the client's model drafted, when the call asked for one. */
  episodeDraft: episodeDraftSchema.optional(),
});
export type ConsolidateOutput = z.output<typeof consolidateOutputSchema>;

export const mergedSchema = z.strictObject({
  status: z.literal('merged'),
  keptId: z.string(),
  removedId: z.string(),
  linksMoved: z.number(),
  contentChanged: z.boolean(),
  memories: z.array(memoryRefSchema),
});
const mergeProtectedSchema = z.strictObject({
  status: z.literal('protected'),
  memoryId: z.string(),
  private: z.boolean(),
});
/** MCP only: the person was asked to confirm the merge and did not; nothing changed. */
const mergeNotConfirmedSchema = z.strictObject({
  status: z.literal('not_confirmed'),
  answer: unconfirmedAnswerSchema,
  keepId: z.string(),
  removeId: z.string(),
});
const mergeVariants = [
  mergedSchema,
  memoriesMissingSchema,
  mergeProtectedSchema,
  mergeNotConfirmedSchema,
] as const;
export const mergeMemoriesOutputSchema = z.discriminatedUnion('status', [...mergeVariants]);
export const mergeMemoriesToolOutputSchema = toolOutputSchema('status', mergeVariants);
export type MergeMemoriesOutput = z.output<typeof mergeMemoriesOutputSchema>;

const wakeUpMemorySchema = z.strictObject({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  private: z.boolean(),
});
export const wakeUpOutputSchema = z.strictObject({
  total: z.number(),
  pendingMergePairs: z.number(),
  recent: z.array(wakeUpMemorySchema),
  latestIntrospection: wakeUpMemorySchema.nullable(),
});
export type WakeUpOutput = z.output<typeof wakeUpOutputSchema>;
