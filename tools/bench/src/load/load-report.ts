/**
 * The report of `kioku bench load`: per transport, requests/s (and as a share of the embedder's own
 * texts/s), p50/p95/p99 per operation, errors, lost and crossed memories, and the targets
 * (≥ 60 requests/s, remember p95 ≤ 1 s, recall p95 ≤ 300 ms, nothing lost or crossed, no error).
 * Pure formatting and checks.
 */
import { formatMs, formatTable } from '../lib/report-table';
import type { TransportResult } from './load-run';

export interface LoadReport {
  startedAt: string;
  node: string;
  /** `started` (kioku http on the embedded default, temporary data dir) or the URL given. */
  gateway: string;
  keys: number;
  namespaces: number;
  rememberShare: number;
  /** Texts/s of the embedder alone (batches of 64), measured in the bench's process or given. */
  embedPerSecond: number;
  loadAverage: number[];
  runs: TransportResult[];
}

export const LOAD_TARGETS = { requestsPerSecond: 60, rememberP95Ms: 1_000, recallP95Ms: 300 } as const;

/**
 * The throughput below which the latency targets cannot both hold while `clients` send back to back:
 * by Little's law a closed loop's mean latency is clients ÷ throughput, and with both targets met it is
 * at most the mix of the two p95s (a mean sits below its p95 unless a few calls take far longer still).
 */
export function latencyTargetsFloor(clients: number, rememberShare: number): number {
  const meanMs = rememberShare * LOAD_TARGETS.rememberP95Ms + (1 - rememberShare) * LOAD_TARGETS.recallP95Ms;
  return clients / (meanMs / 1000);
}

export interface LoadCheck {
  transport: string;
  name: string;
  value: string;
  pass: boolean;
}

export function loadChecks(run: TransportResult): LoadCheck[] {
  const check = (name: string, value: string, pass: boolean) => ({
    transport: run.transport,
    name,
    value,
    pass,
  });
  return [
    check(
      `≥ ${LOAD_TARGETS.requestsPerSecond} requests/s`,
      run.requestsPerSecond.toFixed(1),
      run.requestsPerSecond >= LOAD_TARGETS.requestsPerSecond,
    ),
    check(
      `remember p95 ≤ ${LOAD_TARGETS.rememberP95Ms} ms`,
      formatMs(run.latency.remember.p95),
      !(run.latency.remember.p95 > LOAD_TARGETS.rememberP95Ms),
    ),
    check(
      `recall p95 ≤ ${LOAD_TARGETS.recallP95Ms} ms`,
      formatMs(run.latency.recall.p95),
      !(run.latency.recall.p95 > LOAD_TARGETS.recallP95Ms),
    ),
    check('0 errors', String(run.errors), run.errors === 0),
    check('0 lost', String(run.lost.length), run.lost.length === 0),
    check('0 crossed', String(run.crossed.length), run.crossed.length === 0),
  ];
}

export function formatLoadReport(report: LoadReport): string {
  const lines = [
    `kioku bench load: ${report.gateway}; ${report.keys} keys in ${report.namespaces} namespaces; ` +
      `${Math.round(report.rememberShare * 100)} % remembers; node ${report.node}; ` +
      `load average ${report.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    `embedder alone: ${report.embedPerSecond.toFixed(1)} texts/s (embed batch /s)`,
    '',
  ];
  const rows = report.runs.flatMap((run) =>
    (['remember', 'recall'] as const).map((op) => {
      const stats = run.latency[op];
      return [
        run.transport,
        op,
        String(stats.count),
        formatMs(stats.p50),
        formatMs(stats.p95),
        formatMs(stats.p99),
        formatMs(stats.max),
      ];
    }),
  );
  lines.push(formatTable(['transport', 'operation', 'n', 'p50', 'p95', 'p99', 'max'], rows), '');
  for (const run of report.runs) {
    lines.push(
      `${run.transport}: ${run.clients} clients, ${run.requests} requests in ${run.seconds.toFixed(1)} s = ` +
        `${run.requestsPerSecond.toFixed(1)} requests/s (${(run.requestsPerSecond / report.embedPerSecond).toFixed(2)} of embed batch /s); ` +
        `saved ${run.saved}, duplicates ${run.duplicates}; errors ${run.errors}, lost ${run.lost.length}, crossed ${run.crossed.length}`,
    );
    const floor = latencyTargetsFloor(run.clients, report.rememberShare);
    lines.push(
      `  the latency targets with ${run.clients} clients back to back need ≥ ${floor.toFixed(0)} requests/s ` +
        `(Little's law; ${(floor / report.embedPerSecond).toFixed(2)} of embed batch /s)`,
    );
    for (const error of run.firstErrors) lines.push(`  error: ${error}`);
    for (const id of run.lost.slice(0, 5)) lines.push(`  lost: ${id}`);
    for (const what of run.crossed.slice(0, 5)) lines.push(`  crossed: ${what}`);
  }
  lines.push('');
  lines.push(
    formatTable(
      ['transport', 'target', 'measured', ''],
      report.runs.flatMap((run) =>
        loadChecks(run).map((c) => [c.transport, c.name, c.value, c.pass ? 'PASS' : 'MISS']),
      ),
    ),
  );
  return lines.join('\n');
}
