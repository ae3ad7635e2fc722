/** Text and structured forms of forget and restore (behaviour §4.5, §4.7, §7; design note 000 texts). */
import { MEMORY_ID_PATTERN, relativeAge, snippet } from '@kioku/kernel';
import { composeResponse, NOT_FOUND_SCAFFOLD, type Memory } from '@kioku/memory';
import type { ForgetResult, ProtectedRefusal } from '../application/forget/forget.use-case';
import type { RestoreResult } from '../application/restore/restore.use-case';
import type { SweepSample } from '../application/sweep/auto-forget-sweep';

const FORGOT_SCAFFOLD =
  'This memory is gone. Was there anything worth preserving in a new form?\n' +
  'If this was part of a merge, save the consolidated version with remember.';
const QUERY_MODE_HINT = 'To list candidates with their ids, call forget with query.';

export function forgetText(result: ForgetResult, now: Date): string {
  switch (result.mode) {
    case 'query':
      return queryText(result.query, result.candidates, now);
    case 'ids':
      return idsText(result, now);
    case 'sweep_report':
      return sweepReportText(result.scan, result.confirmWithin);
    case 'sweep_executed':
      return (
        `Auto-forget executed: dropped ${result.drop.dropped.length} memories` +
        (result.drop.kept.length > 0
          ? `, kept ${result.drop.kept.length} no longer due (accessed, pinned, protected or gone).`
          : '.') +
        // Nothing dropped: nothing to restore, whatever the trash setting.
        (result.drop.dropped.length > 0 ? restoreLine(result.restorableUntil) : '')
      );
    case 'sweep_needs_dry_run':
      return `Nothing was deleted: run forget with sweep: true first (a dry run), review it, then call forget with sweep: true, dry_run: false within ${result.confirmWithin}.`;
  }
}

function queryText(query: string, candidates: { memory: Memory; similarity: number }[], now: Date): string {
  if (candidates.length === 0)
    return composeResponse(
      `No memories found for "${query}". Nothing was deleted.`,
      QUERY_MODE_HINT.replace('call forget with query', 'try another query'),
    );
  const lines = [`${candidates.length} candidate(s) for "${query}" (nothing deleted):`];
  candidates.forEach(({ memory, similarity }, i) =>
    lines.push(
      `${i + 1}. ${memory.id} [${relativeAge(new Date(memory.createdAt), now)}] ${snippet(memory.content, 120)} ` +
        `(similarity: ${similarity.toFixed(2)}, private: ${memory.isPrivate})`,
    ),
  );
  return composeResponse(
    lines.join('\n'),
    'To delete one, call forget with its exact memory_id; the first call asks for confirmation, a second call with the same id deletes it.',
  );
}

function idsText(result: Extract<ForgetResult, { mode: 'ids' }>, now: Date): string {
  const single =
    result.forgotten.length + result.pending.length + result.notFound.length + result.refused.length === 1;
  if (single && result.forgotten.length === 1)
    return forgotOneText(result.forgotten[0], now, result.restorableUntil);
  if (single && result.pending.length === 1) return confirmText(result.pending[0], now, result.confirmWithin);
  if (single && result.notFound.length === 1) return notFoundText(result.notFound[0]);
  if (single && result.refused.length === 1) return refusedText(result.refused[0]);

  const sections: string[] = [];
  if (result.forgotten.length > 0) {
    sections.push(
      [
        `Forgot ${result.forgotten.length} memories:`,
        ...result.forgotten.map(
          (m) => `- ${m.id} (${relativeAge(new Date(m.createdAt), now)}): ${snippet(m.content, 120)}`,
        ),
      ].join('\n') + restoreLine(result.restorableUntil),
    );
  }
  if (result.pending.length > 0) {
    sections.push(
      [
        `Please confirm: forget these ${result.pending.length}? Call forget again with the same memory_ids within ${result.confirmWithin} to delete them.`,
        ...result.pending.map(
          (p) => `- ${p.memoryId} (${relativeAge(new Date(p.memory.createdAt), now)}): "${p.contentPreview}"`,
        ),
      ].join('\n'),
    );
  }
  if (result.notFound.length > 0) sections.push(`Memory not found: ${result.notFound.join(', ')}`);
  for (const refusal of result.refused) sections.push(refusalLine(refusal));
  const scaffold =
    result.forgotten.length > 0
      ? FORGOT_SCAFFOLD
      : result.notFound.length > 0
        ? `${NOT_FOUND_SCAFFOLD} ${QUERY_MODE_HINT}`
        : undefined;
  return composeResponse(sections.join('\n\n'), scaffold);
}

function forgotOneText(memory: Memory, now: Date, restorableUntil: string | null): string {
  return composeResponse(
    `Forgot (id: ${memory.id}, ${relativeAge(new Date(memory.createdAt), now)}): ${snippet(memory.content, 120)}\n` +
      `Emotion: ${memory.emotion.primary} | Importance: ${memory.importance}` +
      restoreLine(restorableUntil),
    FORGOT_SCAFFOLD,
  );
}

function confirmText(
  pending: Extract<ForgetResult, { mode: 'ids' }>['pending'][number],
  now: Date,
  within: string,
): string {
  return (
    `Please confirm: forget "${pending.contentPreview}" (id: ${pending.memoryId}, ${relativeAge(new Date(pending.memory.createdAt), now)})? ` +
    `Call forget again with the same memory_id within ${within} to delete it.`
  );
}

function notFoundText(memoryId: string): string {
  const scaffold = MEMORY_ID_PATTERN.test(memoryId)
    ? NOT_FOUND_SCAFFOLD
    : `${NOT_FOUND_SCAFFOLD} ${QUERY_MODE_HINT}`;
  return composeResponse(`Memory not found: ${memoryId}`, scaffold);
}

function refusalLine(refusal: ProtectedRefusal): string {
  return refusal.reason === 'pinned'
    ? `Not forgotten: ${refusal.memory.id} is pinned (importance 5).`
    : `Not forgotten: ${refusal.memory.id} is in the protected category "${refusal.memory.category}".`;
}

function refusedText(refusal: ProtectedRefusal): string {
  return composeResponse(
    refusalLine(refusal),
    refusal.reason === 'pinned'
      ? 'To forget it, first lower its importance with update_memory, then call forget again (twice).'
      : 'Protected categories cannot be forgotten through forget. If the category is wrong, correct it with update_memory first.',
  );
}

function restoreLine(restorableUntil: string | null): string {
  return restorableUntil
    ? `\nIt can be restored with restore until ${restorableUntil.slice(0, 10)} (trash retention).`
    : '\nThe trash is off (retention 0 days): this cannot be undone.';
}

function sweepReportText(
  scan: Extract<ForgetResult, { mode: 'sweep_report' }>['scan'],
  within: string,
): string {
  const lines = [
    `Auto-forget dry run (nothing deleted): scanned ${scan.scanned}, ${scan.toDrop} to drop, ${scan.toCompress} fading (never changed automatically).`,
  ];
  const sampleLine = (s: SweepSample) =>
    `- ${s.id}: risk ${s.risk.toFixed(1)}, heat ${s.heat.toFixed(1)}, ${Math.floor(s.days)} days since last access`;
  if (scan.samplesToDrop.length > 0)
    lines.push('Would drop (sample):', ...scan.samplesToDrop.map(sampleLine));
  if (scan.samplesToCompress.length > 0)
    lines.push('Fading (sample):', ...scan.samplesToCompress.map(sampleLine));
  if (scan.toDrop > 0) {
    lines.push(
      `To drop exactly these ${scan.toDrop}, call forget with sweep: true, dry_run: false within ${within}.`,
    );
  }
  return lines.join('\n');
}

export function forgetStructured(result: ForgetResult) {
  switch (result.mode) {
    case 'query':
      return {
        mode: result.mode,
        candidates: result.candidates.map((c) => ({
          id: c.memory.id,
          content: c.memory.content,
          similarity: Math.round(c.similarity * 100) / 100,
          private: c.memory.isPrivate,
        })),
      };
    case 'ids':
      return {
        mode: result.mode,
        forgotten: result.forgotten.map((m) => m.id),
        pending: result.pending.map((p) => ({
          id: p.memoryId,
          requestCount: p.requestCount,
          requestedAt: new Date(p.requestedAt).toISOString(),
        })),
        notFound: result.notFound,
        refused: result.refused.map((r) => ({ id: r.memory.id, reason: r.reason })),
        restorableUntil: result.restorableUntil,
      };
    case 'sweep_report':
      return {
        mode: result.mode,
        scanned: result.scan.scanned,
        toDrop: result.scan.toDrop,
        toCompress: result.scan.toCompress,
        sampleIdsToDrop: result.scan.samplesToDrop,
        sampleIdsToCompress: result.scan.samplesToCompress,
      };
    case 'sweep_executed':
      return {
        mode: result.mode,
        dropped: result.drop.dropped,
        kept: result.drop.kept,
        restorableUntil: result.restorableUntil,
      };
    case 'sweep_needs_dry_run':
      return { mode: result.mode };
  }
}

export function restoreText(result: RestoreResult): string {
  switch (result.status) {
    case 'restored':
      return (
        `Restored (id: ${result.memory.id}): ${snippet(result.memory.content, 120)}\n` +
        `Links re-created: ${result.linksRestored}` +
        (result.linksSkipped > 0
          ? ` (${result.linksSkipped} skipped: the other memory no longer exists).`
          : '.')
      );
    case 'not_in_trash':
      return `Not in trash: ${result.memoryId}. Only memories deleted within the trash retention can be restored.`;
    case 'already_exists':
      return `Nothing to restore: memory ${result.memoryId} exists.`;
  }
}

export function restoreStructured(result: RestoreResult) {
  return result.status === 'restored'
    ? {
        status: result.status,
        memoryId: result.memory.id,
        linksRestored: result.linksRestored,
        linksSkipped: result.linksSkipped,
      }
    : { status: result.status, memoryId: result.memoryId };
}
