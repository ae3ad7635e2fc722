/**
 * What consolidate answers (behaviour §4.8; design note 000 §E scaffold): what it did and proposes as
 * text, and the structured view that is MCP `structuredContent` and the REST body, with its schema.
 */
import { z } from 'zod';
import { snippet } from '@kioku/kernel';
import {
  episodeDraftSchema,
  episodeDraftText,
  type ConsolidateOutcome,
} from '../shared/episode-draft.presenter';
import { memoryContentSchema } from '../shared/memory-view.presenter';
import { round2 } from '../shared/rounding';

export const consolidateOutput = z.strictObject({
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
type ConsolidateOutput = z.output<typeof consolidateOutput>;

export function consolidateText(result: ConsolidateOutcome): string {
  const lines = [
    `${result.dryRun ? 'Consolidation dry run (nothing written)' : 'Consolidation complete'}. ` +
      `Replayed ${result.replayed} events, updated ${result.coactivations} co-activations, ` +
      `created ${result.linksCreated} links, refreshed ${result.refreshed} memories.`,
  ];
  if (result.linksStrengthened > 0 || result.linksPruned > 0) {
    lines.push(`Strengthened ${result.linksStrengthened} links, pruned ${result.linksPruned} weak links.`);
  }
  if (result.mergeCandidates.length > 0) {
    lines.push('', `Found ${result.mergeCandidates.length} near-duplicate pair(s):`);
    for (const c of result.mergeCandidates) {
      lines.push(
        `- ${c.a.id} <-> ${c.b.id} (similarity: ${c.similarity.toFixed(2)})`,
        `  A: ${snippet(c.a.content, 100)}`,
        `  B: ${snippet(c.b.content, 100)}`,
      );
    }
    lines.push(
      '',
      'Review each pair with recall. If one is redundant, use forget to remove it.',
      'If both have value, consider which perspective to keep.',
      'merge_memories(keep_id, remove_id, merged_content?) folds one into the other and keeps its links.',
    );
  }
  if (result.fading.length > 0) {
    lines.push(
      '',
      `${result.fading.length} fading memor${result.fading.length === 1 ? 'y' : 'ies'} (rarely recalled, growing old):`,
    );
    for (const m of result.fading) lines.push(`- ${m.id}: ${snippet(m.content, 100)}`);
    lines.push(
      'If they belong together, write one condensed memory with remember, then forget the originals.',
    );
  }
  if (result.episodeDraft) lines.push('', episodeDraftText(result.episodeDraft));
  return lines.join('\n');
}

export function consolidateStructured(result: ConsolidateOutcome): ConsolidateOutput {
  return {
    dryRun: result.dryRun,
    windowHours: result.windowHours,
    replayed: result.replayed,
    coactivations: result.coactivations,
    linksCreated: result.linksCreated,
    linksStrengthened: result.linksStrengthened,
    linksPruned: result.linksPruned,
    refreshed: result.refreshed,
    episodeIdsDropped: result.episodeIdsDropped,
    mergeCandidates: result.mergeCandidates.map((c) => ({
      a: { id: c.a.id, content: c.a.content, private: c.a.isPrivate },
      b: { id: c.b.id, content: c.b.content, private: c.b.isPrivate },
      similarity: round2(c.similarity),
    })),
    fading: result.fading.map((m) => ({ id: m.id, content: m.content, private: m.isPrivate })),
    ...(result.episodeDraft ? { episodeDraft: result.episodeDraft } : {}),
  };
}
