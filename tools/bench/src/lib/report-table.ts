/**
 * Plain-text tables for the benchmark's output: the latency table per size and the behaviour §11 target
 * table with PASS/MISS. Pure formatting; numbers come from `target-checks.ts`.
 */
import type { LatencySummary } from './percentiles';
import { sizeLabel, type SizeMeasurements, type TargetCheck } from './target-checks';

export type Align = 'left' | 'right';

/** Columns padded to their widest cell; a rule under the header. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const widths = header.map((h, column) =>
    Math.max(h.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        (align[column] ?? 'left') === 'right' ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

export function formatRate(perSecond: number): string {
  return Number.isFinite(perSecond) ? perSecond.toFixed(1) : '—';
}

function pair(summary: LatencySummary): string {
  return `${formatMs(summary.p50)} / ${formatMs(summary.p95)}`;
}

export function formatLatencyTable(results: readonly SizeMeasurements[]): string {
  const header = [
    'size',
    'seeded (real+synthetic)',
    'embed',
    'raw query',
    'raw lexical',
    'raw write',
    'recall',
    'remember',
    'import /s',
    'embed batch /s',
  ];
  const rows = results.map((m) => [
    sizeLabel(m.size),
    `${m.seeding.real}+${m.seeding.synthetic}`,
    pair(m.embed),
    pair(m.rawQuery),
    pair(m.rawLexicalQuery),
    pair(m.rawWrite),
    pair(m.recall),
    pair(m.remember),
    formatRate(m.bulk.importPerSecond),
    formatRate(m.bulk.embedPerSecond),
  ]);
  return formatTable(header, rows, [
    'left',
    'right',
    'right',
    'right',
    'right',
    'right',
    'right',
    'right',
    'right',
    'right',
  ]);
}

export function formatTargetTable(checks: readonly TargetCheck[]): string {
  const header = [
    'target (behaviour §11)',
    'size',
    'measured p50',
    'budget base p50',
    'ratio p50',
    'ratio p95',
    'limit',
    'result',
  ];
  const rows = checks.map((c) => [
    c.name,
    c.scope,
    c.unit === 'ms' ? `${formatMs(c.measured)} ms` : `${formatRate(c.measured)} /s`,
    c.unit === 'ms' ? `${formatMs(c.reference)} ms` : `${formatRate(c.reference)} /s`,
    c.ratio.toFixed(2),
    c.ratioP95 === undefined ? '—' : c.ratioP95.toFixed(2),
    `${c.direction === 'at most' ? '≤' : '≥'} ${c.limit.toFixed(2)}`,
    c.pass ? 'PASS' : 'MISS',
  ]);
  return formatTable(header, rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'left']);
}

/**
 * Store and embedder time inside a use case, per call of the use case. Parallel calls are each
 * counted in full, so the shares can add up to more than 100 %.
 */
export function formatProfileTable(
  profile: readonly { operation: string; calls: number; totalMs: number }[],
  useCaseCalls: number,
  useCaseMeanMs: number,
): string {
  const rows = profile.map((p) => {
    const msPerCall = p.totalMs / useCaseCalls;
    return [
      p.operation,
      (p.calls / useCaseCalls).toFixed(2),
      formatMs(msPerCall),
      `${((100 * msPerCall) / useCaseMeanMs).toFixed(0)} %`,
    ];
  });
  const accounted = profile.reduce((sum, p) => sum + p.totalMs, 0) / useCaseCalls;
  rows.push([
    '(rest of the wall time; < 0: calls overlapped)',
    '',
    formatMs(useCaseMeanMs - accounted),
    `${((100 * (useCaseMeanMs - accounted)) / useCaseMeanMs).toFixed(0)} %`,
  ]);
  return formatTable(['operation', 'calls per call', 'ms per call', 'share of mean'], rows, [
    'left',
    'right',
    'right',
    'right',
  ]);
}
