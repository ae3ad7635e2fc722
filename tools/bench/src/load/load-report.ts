/**
 * The report of `kioku bench load`: per transport (and, in an open loop, per arrival rate) requests/s
 * as a share of the embedder's own texts/s, p50/p95/p99 per operation, errors, lost and crossed
 * memories, and the targets. Closed loop: requests/s ≥ 0.85 × embed batch /s, recall p95 ≤ 300 ms
 * (remember p95 is reported: with clients that send back to back, whatever recall does not wait,
 * remember waits, by Little's law). Open loop: recall p95 ≤ 150 ms and remember p95 ≤ 600 ms (the
 * targets at 0.6 × embed batch /s); `--find-rate` reports the highest rate with recall p95 ≤ 300 ms
 * and nothing failed. Always: no error, nothing lost or crossed. Pure formatting and checks.
 */
import { formatMs, formatTable } from '../lib/report-table';
import type { LoadTransport } from './load-options';
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
  /** Closed loop: one run per transport; open loop: one per transport and rate tried. */
  runs: TransportResult[];
  /** `--find-rate`: per transport, the highest rate that passed (undefined: none did). */
  foundRates?: Partial<Record<LoadTransport, number | null>>;
}

const CLOSED_LOOP_TARGETS = { shareOfEmbedRate: 0.85, recallP95Ms: 300 } as const;
const OPEN_LOOP_TARGETS = { recallP95Ms: 150, rememberP95Ms: 600 } as const;
/** What `--find-rate` holds a rate to: recall p95 at most this, and nothing failed. */
const FIND_RATE_RECALL_P95_MS = 300;

export interface LoadCheck {
  transport: string;
  name: string;
  value: string;
  pass: boolean;
}

/** Nothing failed: no error, nothing lost, nothing crossed. */
export function nothingFailed(run: TransportResult): boolean {
  return run.errors === 0 && run.lost.length === 0 && run.crossed.length === 0;
}

/** Whether an open-loop run at its rate counts for `--find-rate`. */
export function rateHolds(run: TransportResult): boolean {
  return nothingFailed(run) && run.latency.recall.p95 <= FIND_RATE_RECALL_P95_MS;
}

export function loadChecks(run: TransportResult, embedPerSecond: number): LoadCheck[] {
  const check = (name: string, value: string, pass: boolean) => ({
    transport: label(run),
    name,
    value,
    pass,
  });
  const p95 = (op: 'remember' | 'recall', most: number) =>
    check(`${op} p95 ≤ ${most} ms`, formatMs(run.latency[op].p95), !(run.latency[op].p95 > most));
  const latency =
    run.offeredRate === undefined
      ? [
          check(
            `≥ ${CLOSED_LOOP_TARGETS.shareOfEmbedRate} × embed batch /s`,
            (run.requestsPerSecond / embedPerSecond).toFixed(2),
            run.requestsPerSecond >= CLOSED_LOOP_TARGETS.shareOfEmbedRate * embedPerSecond,
          ),
          p95('recall', CLOSED_LOOP_TARGETS.recallP95Ms),
        ]
      : [p95('recall', OPEN_LOOP_TARGETS.recallP95Ms), p95('remember', OPEN_LOOP_TARGETS.rememberP95Ms)];
  return [
    ...latency,
    check('0 errors', String(run.errors), run.errors === 0),
    check('0 lost', String(run.lost.length), run.lost.length === 0),
    check('0 crossed', String(run.crossed.length), run.crossed.length === 0),
  ];
}

/** The transport, and the offered rate of an open-loop run. */
function label(run: TransportResult): string {
  return run.offeredRate === undefined ? run.transport : `${run.transport} @ ${run.offeredRate.toFixed(1)}/s`;
}

export function formatLoadReport(report: LoadReport): string {
  const share = (perSecond: number) => (perSecond / report.embedPerSecond).toFixed(2);
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
        label(run),
        op,
        String(stats.count),
        ...[stats.p50, stats.p95, stats.p99, stats.max].map(formatMs),
      ];
    }),
  );
  lines.push(formatTable(['run', 'operation', 'n', 'p50', 'p95', 'p99', 'max'], rows), '');
  for (const run of report.runs) {
    const offered =
      run.offeredRate === undefined
        ? ''
        : `offered ${run.offeredRate.toFixed(1)}/s (${share(run.offeredRate)} of embed batch /s), `;
    lines.push(
      `${label(run)}: ${run.clients} clients, ${offered}${run.requests} requests in ${run.seconds.toFixed(1)} s = ` +
        `${run.requestsPerSecond.toFixed(1)} requests/s (${share(run.requestsPerSecond)} of embed batch /s); ` +
        `saved ${run.saved}, duplicates ${run.duplicates}; errors ${run.errors}, lost ${run.lost.length}, crossed ${run.crossed.length}`,
    );
    if (run.gatewayCpu)
      lines.push(
        `  gateway CPU a request: ${run.gatewayCpu.processMs.toFixed(1)} ms in all, ` +
          `${run.gatewayCpu.eventLoopMs.toFixed(1)} ms of it on the event loop`,
      );
    for (const error of run.firstErrors) lines.push(`  error: ${error}`);
    for (const id of run.lost.slice(0, 5)) lines.push(`  lost: ${id}`);
    for (const what of run.crossed.slice(0, 5)) lines.push(`  crossed: ${what}`);
  }
  for (const [transport, rate] of Object.entries(report.foundRates ?? {}))
    lines.push(
      rate === null || rate === undefined
        ? `${transport}: no rate tried kept recall p95 ≤ ${FIND_RATE_RECALL_P95_MS} ms with nothing failed`
        : `${transport}: highest rate with recall p95 ≤ ${FIND_RATE_RECALL_P95_MS} ms and nothing failed: ` +
            `${rate.toFixed(1)} requests/s (${share(rate)} of embed batch /s)`,
    );
  if (report.foundRates) return lines.join('\n');
  lines.push(
    '',
    formatTable(
      ['run', 'target', 'measured', ''],
      report.runs.flatMap((run) =>
        loadChecks(run, report.embedPerSecond).map((c) => [
          c.transport,
          c.name,
          c.value,
          c.pass ? 'PASS' : 'MISS',
        ]),
      ),
    ),
  );
  return lines.join('\n');
}
