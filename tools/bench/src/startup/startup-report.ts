/**
 * The startup section of the benchmark: how long an MCP client waits after spawning
 * `kioku mcp` for `initialize`, `tools/list` and the first `recall`, over several runs (min and
 * median; the targets are judged on the median). Pure formatting and checks.
 */
import { percentile } from '../lib/percentiles';
import { formatMs, formatTable } from '../lib/report-table';

export interface StartupSamples {
  /** Milliseconds from spawn to each answer, one entry per run. */
  initialize: number[];
  /** The tools/list answer's arrival, before the SDK client's own work on it. */
  toolsListOnTheWire: number[];
  /** The SDK client's listTools() done: the answer and a validator compiled per output schema. */
  toolsList: number[];
  firstRecall: number[];
}

export interface StartupReport {
  command: string;
  node: string;
  runs: number;
  samples: StartupSamples;
}

/** Medians (ms) set as targets (issue 35), on the embedded default with a warm data dir that has memories. */
const STARTUP_TARGETS_MS = { toolsList: 300, firstRecall: 1_000 } as const;

export interface StartupCheck {
  name: keyof typeof STARTUP_TARGETS_MS;
  medianMs: number;
  targetMs: number;
  pass: boolean;
}

export function startupChecks(samples: StartupSamples): StartupCheck[] {
  return (Object.keys(STARTUP_TARGETS_MS) as (keyof typeof STARTUP_TARGETS_MS)[]).map((name) => {
    const medianMs = percentile(samples[name], 50);
    const targetMs = STARTUP_TARGETS_MS[name];
    return { name, medianMs, targetMs, pass: medianMs <= targetMs };
  });
}

const LABELS: Record<keyof StartupSamples, string> = {
  initialize: 'spawn → initialize',
  toolsListOnTheWire: 'spawn → tools/list answer arrives',
  toolsList: 'spawn → tools/list (SDK client done)',
  firstRecall: 'spawn → first recall',
};

export function formatStartupReport(report: StartupReport): string {
  const targets: Partial<Record<keyof StartupSamples, number>> = STARTUP_TARGETS_MS;
  const rows = (Object.keys(LABELS) as (keyof StartupSamples)[]).map((name) => {
    const values = report.samples[name];
    const median = percentile(values, 50);
    const target = targets[name];
    const verdict = target === undefined ? '' : `≤ ${target} ${median <= target ? 'PASS' : 'MISS'}`;
    return [
      LABELS[name],
      formatMs(Math.min(...values)),
      formatMs(median),
      formatMs(Math.max(...values)),
      verdict,
    ];
  });
  return [
    `Startup: ${report.runs} runs of \`${report.command}\` over stdio, warm data dir, embedded default (Node ${report.node})`,
    '',
    formatTable(['ms', 'min', 'median', 'max', 'target (median)'], rows, [
      'left',
      'right',
      'right',
      'right',
      'left',
    ]),
  ].join('\n');
}
