/** Text and structured forms of consolidate and merge_memories (behaviour §4.8, §4.9; design note 000 §E scaffold). */
import { snippet } from '@kioku/kernel';
import { episodeDraftText, type ConsolidateOutcome } from '../episodes/episode-drafts';
import { unconfirmedReason } from '../person/unconfirmed-answer';
import { notFoundText } from '../shared/compose-response';
import { round2 } from '../shared/rounding';
import type { ConsolidateOutput, MergeMemoriesOutput } from './consolidation.output';
import type { MergeOutcome } from './merge-outcome';
import type { VariantFor } from '../shared/variant-for';

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

export function mergeMemoriesText(result: MergeOutcome): string {
  switch (result.status) {
    case 'merged':
      return (
        `Merged ${result.removed.id} into ${result.kept.id}` +
        (result.contentChanged ? ' (content updated and re-embedded)' : '') +
        `. ${result.linksMoved} link(s) carried over` +
        (result.episodesUpdated > 0 ? `, ${result.episodesUpdated} episode(s) updated` : '') +
        `. ${result.removed.id} is in the trash; restore brings it back.`
      );
    case 'not_found':
      return notFoundText(result.missingIds.join(', '));
    case 'protected':
      return `Not merged: ${result.memory.id} is protected (pinned or a protected category). Keep it, or lower its importance with update_memory first.`;
    case 'not_confirmed':
      return (
        `Not merged: ${unconfirmedReason(result.answer, result.confirmWithin)} ` +
        `Asked about folding ${result.removeId} into ${result.keepId}; both are unchanged.`
      );
  }
}

export function mergeMemoriesStructured<R extends MergeOutcome>(
  result: R,
): VariantFor<MergeMemoriesOutput, 'status', R>;
export function mergeMemoriesStructured(result: MergeOutcome): MergeMemoriesOutput {
  switch (result.status) {
    case 'merged':
      return {
        status: result.status,
        keptId: result.kept.id,
        removedId: result.removed.id,
        linksMoved: result.linksMoved,
        contentChanged: result.contentChanged,
        memories: [result.kept, result.removed].map((m) => ({ id: m.id, private: m.isPrivate })),
      };
    case 'not_found':
      return { status: result.status, missingIds: result.missingIds };
    case 'protected':
      return { status: result.status, memoryId: result.memory.id, private: result.memory.isPrivate };
    case 'not_confirmed':
      return {
        status: result.status,
        answer: result.answer,
        keepId: result.keepId,
        removeId: result.removeId,
      };
  }
}
