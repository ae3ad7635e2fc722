/**
 * The report of `kioku bench mcp-recall`: per size and kind of query, recall p50/p95 over MCP and
 * through the use case on the same data, their ratio, and the targets (MCP p50 ≤ 60 ms at 10k, MCP
 * within 1.25× of the use case); then where the use case's time went. Pure formatting and checks.
 */
import type { OperationTotal } from '../lib/operation-profiler';
import { percentile } from '../lib/percentiles';
import { formatMs, formatProfileTable, formatTable } from '../lib/report-table';

export const QUERY_KINDS = ['topic', 'rare number', 'no match'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

const MCP_RECALL_TARGETS = { p50MsAt10k: 60, ratio: 1.25 } as const;

export interface SizeSamples {
  size: number;
  saved: number;
  seedSeconds: number;
  /** Recall latencies in ms per kind: over an MCP session, and the use case in the bench's process. */
  mcp: Record<QueryKind, number[]>;
  useCase: Record<QueryKind, number[]>;
  profile: OperationTotal[];
}

export interface McpRecallReport {
  startedAt: string;
  node: string;
  loadAverage: number[];
  sizes: SizeSamples[];
}

export interface McpRecallRow {
  size: number;
  kind: QueryKind;
  mcpP50: number;
  mcpP95: number;
  useCaseP50: number;
  useCaseP95: number;
  ratio: number;
  pass: boolean;
}

export function mcpRecallRows(size: SizeSamples): McpRecallRow[] {
  return QUERY_KINDS.map((kind) => {
    const mcpP50 = percentile(size.mcp[kind], 50);
    const useCaseP50 = percentile(size.useCase[kind], 50);
    const ratio = mcpP50 / useCaseP50;
    const fast = size.size < 10_000 || mcpP50 <= MCP_RECALL_TARGETS.p50MsAt10k;
    return {
      size: size.size,
      kind,
      mcpP50,
      mcpP95: percentile(size.mcp[kind], 95),
      useCaseP50,
      useCaseP95: percentile(size.useCase[kind], 95),
      ratio,
      pass: fast && ratio <= MCP_RECALL_TARGETS.ratio,
    };
  });
}

export function formatMcpRecallReport(report: McpRecallReport): string {
  const lines = [
    `kioku bench mcp-recall: kioku http on the embedded default; node ${report.node}; ` +
      `load average ${report.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    ...report.sizes.map(
      (s) =>
        `  ${s.size}: ${s.saved} memories saved over MCP (remember_batch and remember) in ${s.seedSeconds.toFixed(0)} s`,
    ),
    '',
    formatTable(
      ['size', 'query', 'MCP p50', 'MCP p95', 'use case p50', 'use case p95', 'MCP / use case', ''],
      report.sizes.flatMap((s) =>
        mcpRecallRows(s).map((r) => [
          String(r.size),
          r.kind,
          formatMs(r.mcpP50),
          formatMs(r.mcpP95),
          formatMs(r.useCaseP50),
          formatMs(r.useCaseP95),
          r.ratio.toFixed(2),
          r.pass ? 'PASS' : 'MISS',
        ]),
      ),
    ),
    `  targets: MCP p50 ≤ ${MCP_RECALL_TARGETS.p50MsAt10k} ms at 10k, MCP ≤ ${MCP_RECALL_TARGETS.ratio} × the use case`,
  ];
  for (const size of report.sizes) {
    const calls = QUERY_KINDS.reduce((sum, kind) => sum + size.useCase[kind].length, 0);
    const all = QUERY_KINDS.flatMap((kind) => size.useCase[kind]);
    const mean = all.reduce((sum, ms) => sum + ms, 0) / Math.max(1, all.length);
    lines.push('', `where one use-case recall's time goes at ${size.size}:`);
    lines.push(formatProfileTable(size.profile, calls, mean));
  }
  return lines.join('\n');
}
