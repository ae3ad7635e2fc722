/**
 * `kioku bench`: measures the behaviour §11 ratios in one run and prints the table to stdout; progress
 * goes to stderr. Exit code 0 when the run completes (missed targets are reported, not failures),
 * 2 for bad options, 1 when the run fails.
 */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { toAppError } from '@kioku/kernel';
import { runBench } from './bench-run';
import { parseBenchArgs, USAGE } from './lib/bench-options';
import { BenchUsageError } from './lib/command-args';
import { formatBenchReport, type BenchReport } from './lib/bench-report';
import { formatEngineComparison } from './lib/engine-comparison';
import { formatStoreComparison } from './lib/store-comparison';
import { fillsOf } from './lib/seed-fill';
import { formatRetrievalReport } from './retrieval/retrieval-report';
import { parseRetrievalArgs, RETRIEVAL_USAGE } from './retrieval/retrieval-options';
import { runRetrievalBench } from './retrieval/retrieval-run';
import { runStartupCommand } from './startup/startup.command';
import { runLoadCommand } from './load/load.command';
import { LOAD_USAGE } from './load/load-options';
import { runMcpRecallCommand } from './mcp-recall/mcp-recall.command';
import { MCP_RECALL_USAGE } from './mcp-recall/mcp-recall-options';
import { STARTUP_USAGE } from './startup/startup-options';
import { runStoreScaleCommand } from './store-scale/store-scale.command';
import { STORE_SCALE_USAGE } from './store-scale/store-scale-options';

function progressLine(): (line: string) => void {
  if (process.stderr.isTTY) {
    return (line) => process.stderr.write(`\r\x1b[K[bench] ${line}`);
  }
  let lastTopic = '';
  let lastAt = 0;
  return (line) => {
    const topic = line.split(':')[0];
    const now = Date.now();
    if (topic === lastTopic && now - lastAt < 10_000) return;
    lastTopic = topic;
    lastAt = now;
    process.stderr.write(`[bench] ${line}\n`);
  };
}

/** `kioku bench retrieval --dataset FILE`: evidence recall on a conversational dataset. */
async function retrieval(argv: string[]): Promise<void> {
  const options = parseRetrievalArgs(argv);
  if (options.help) {
    process.stdout.write(RETRIEVAL_USAGE);
    return;
  }
  const report = await runRetrievalBench(options, process.env, progressLine());
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  process.stdout.write(`${formatRetrievalReport(report)}\n`);
  if (options.jsonFile) writeFileSync(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv[0] === 'retrieval') return retrieval(argv.slice(1));
  if (argv[0] === 'startup') return runStartupCommand(argv.slice(1), progressLine());
  if (argv[0] === 'load') return runLoadCommand(argv.slice(1), progressLine());
  if (argv[0] === 'mcp-recall') return runMcpRecallCommand(argv.slice(1), progressLine());
  if (argv[0] === 'store') return runStoreScaleCommand(argv.slice(1), progressLine());
  const started = performance.now();
  const options = parseBenchArgs(argv);
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const progress = progressLine();
  const reports: BenchReport[] = [];
  // Each store and each engine in turn (or the configured one), in a data dir of its own, every number
  // measured anew in this process, in the same run and window. Every run after the first fills each
  // size as the first did: a faster engine would otherwise embed for real what a slower one filled
  // with synthetic vectors, and their recalls would search different collections.
  for (const store of options.stores) {
    for (const engine of options.engines ?? [undefined]) {
      const runStarted = performance.now();
      const env = engine === undefined ? process.env : { ...process.env, KIOKU_EMBEDDINGS: engine };
      const fills = reports[0] && fillsOf(reports[0]);
      const partial = await runBench({ ...options, fills }, store, env, progress);
      const report: BenchReport = { ...partial, totalSeconds: (performance.now() - runStarted) / 1000 };
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      process.stdout.write(`${formatBenchReport(report)}\n`);
      reports.push(report);
    }
  }
  if (options.stores.length > 1) process.stdout.write(`\n${formatStoreComparison(reports)}\n`);
  else if (reports.length > 1) process.stdout.write(`\n${formatEngineComparison(reports)}\n`);
  process.stderr.write(`[bench] done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  if (options.jsonFile) {
    const numbers = reports.length > 1 ? reports : reports[0];
    writeFileSync(options.jsonFile, `${JSON.stringify(numbers, null, 2)}\n`);
    process.stderr.write(`[bench] numbers written to ${options.jsonFile}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof BenchUsageError) {
    const usages: Record<string, string> = {
      retrieval: RETRIEVAL_USAGE,
      startup: STARTUP_USAGE,
      load: LOAD_USAGE,
      'mcp-recall': MCP_RECALL_USAGE,
      store: STORE_SCALE_USAGE,
    };
    const usage = usages[process.argv[2]] ?? USAGE;
    process.stderr.write(`kioku bench: ${error.message}\n\n${usage}`);
    process.exit(2);
  }
  const appError = toAppError(error);
  process.stderr.write(`kioku bench: ${appError.code}: ${appError.message}\n`);
  if (error instanceof Error && error.stack && appError.code === 'INTERNAL')
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
