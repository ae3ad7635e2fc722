/** Text of forget's modes that delete nothing: a query's candidates and the auto-forget dry run (behaviour §4.5, §7). */
import { relativeAge, snippet } from '@kioku/kernel';
import type { ForgetResult, SweepSample } from '@kioku/forgetting';
import type { Memory } from '@kioku/memory';
import { composeResponse } from '../shared/compose-response.presenter';
import { QUERY_MODE_HINT } from './forget-ids.presenter';

export function queryText(
  query: string,
  candidates: { memory: Memory; similarity: number }[],
  now: Date,
): string {
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

export function sweepReportText(
  scan: Extract<ForgetResult, { mode: 'sweep_report' }>['scan'],
  within: string,
): string {
  const lines = [
    `Auto-forget dry run (nothing deleted): scanned ${scan.scanned}, ${scan.toDrop} to drop, ${scan.toCompress} fading (never changed automatically), ${scan.protected} protected (pinned or a protected category: never dropped).`,
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
