/**
 * The whole result of a benchmark run (also written as JSON with `--json`) and its printed form:
 * the setup and what was synthetic, the latency table, the behaviour §11 target table, where the time
 * of recall and remember goes, and the total time.
 */
import type { BenchStore } from './bench-options';
import type { OperationTotal } from './operation-profiler';
import type { LatencySummary } from './percentiles';
import type { FillMode } from './seed-fill';
import {
  formatLatencyTable,
  formatMs,
  formatProfileTable,
  formatRate,
  formatTargetTable,
} from './report-table';
import {
  BULK_IN_FLIGHT,
  sizeLabel,
  type ConversationIngest,
  type SizeMeasurements,
  type TargetCheck,
} from './target-checks';

export interface SizeReport extends SizeMeasurements {
  namespace: string;
  /** How records beyond the pool were made. */
  fill: FillMode;
  rawQueryWithVectors: LatencySummary;
  recallEmpty: number;
  recallProfile: OperationTotal[];
  rememberProfile: OperationTotal[];
  /** One consolidation over a window of about 500 memories (dry run, then for real). */
  consolidation?: {
    windowHours: number;
    windowMemories: number;
    dryRunMs: number;
    runMs: number;
    linksCreated: number;
    mergeCandidates: number;
    profile: OperationTotal[];
  };
  measureSeconds: number;
  /** Every measured call in ms, in run order (JSON only). */
  samples: Record<string, number[]>;
}

export interface BenchReport {
  startedAt: string;
  totalSeconds: number;
  environment: { node: string; platform: string; cpus: number; cpuModel: string };
  store: BenchStore;
  embeddingModel: string;
  dimension: number;
  dataDir: string;
  kept: boolean;
  /** Starting the store and loading the model. */
  startupSeconds: number;
  options: {
    queries: number;
    warmUpCalls: number;
    bulk: number;
    batchSize: number;
    conversation: number;
    pool: number;
    realSeedBudgetSeconds: number;
    seed: number;
  };
  pool: {
    size: number;
    seconds: number;
    perSecond: number;
    batchSize: number;
    siblingPairs: number;
    siblingDistanceMedian: number;
  };
  sizes: SizeReport[];
  /** A conversation ingested one remember at a time and through remember_batch (unless --conversation 0). */
  conversation?: ConversationIngest;
  checks: TargetCheck[];
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - 60 * minutes)} s`;
}

export function formatBenchReport(report: BenchReport): string {
  return [
    ...formatSetup(report),
    '',
    ...formatLatencies(report),
    '',
    'behaviour §11 targets (judged on p50; p95 ratio for information)',
    formatTargetTable(report.checks),
    ...report.sizes.flatMap((size) => ['', ...formatWhereTimeGoes(size)]),
    '',
    formatVerdict(report.checks),
    `Total time: ${formatDuration(report.totalSeconds)}`,
  ].join('\n');
}

/** The machine, the store and model, and how the seed data was made. */
function formatSetup(report: BenchReport): string[] {
  const { pool } = report;
  const lines: string[] = [];
  lines.push('kioku bench: behaviour §11 performance ratios');
  lines.push(
    `store ${report.store} · embeddings ${report.embeddingModel} (${report.dimension}-d) · node ${report.environment.node} ${report.environment.platform} · ${report.environment.cpus} CPUs (${report.environment.cpuModel})`,
  );
  lines.push(
    `startup (store + model load): ${formatDuration(report.startupSeconds)} · data dir ${report.dataDir} (${report.kept ? 'kept' : 'deleted'})`,
  );
  lines.push('');
  lines.push('Seed data');
  lines.push(
    `  pool: ${pool.size} generated sentences (templates, about 10 % Japanese) embedded for real in batches of ${pool.batchSize}: ` +
      `${formatDuration(pool.seconds)} (${pool.perSecond.toFixed(1)} texts/s)`,
  );
  for (const size of report.sizes) {
    const split =
      size.seeding.synthetic > 0
        ? `${size.seeding.real} real + ${size.seeding.synthetic} SYNTHETIC`
        : `${size.seeding.real} real`;
    lines.push(
      `  ${sizeLabel(size.size)}: ${split}, saved through remember_batch and remember in ${formatDuration(size.seeding.seconds)}` +
        ` (${size.seeding.refused} refused as duplicates and replaced)`,
    );
  }
  lines.push(
    '  seeds are saved as users save them: batches through remember_batch, two in flight, one batch in twenty as single',
    '  remembers, from one caller (one thread), so they carry links and the thread; dated over the past year in saving order.',
  );
  if (report.sizes.some((s) => s.seeding.synthetic > 0)) {
    lines.push(
      `  synthetic = a pool vector moved by the cosine distance of a real sibling pair (median ${pool.siblingDistanceMedian.toFixed(3)} over ` +
        `${pool.siblingPairs} pairs) and re-normalised; its text is a sibling of the pool sentence (same speaker, action, topic; ` +
        'other time and number), handed to remember as its vector. Every measured text and query is embedded for real.',
    );
  }
  return lines;
}

/** The latency table and what each column measured. */
function formatLatencies(report: BenchReport): string[] {
  const { options } = report;
  const lines: string[] = [];
  lines.push(
    `Latency in ms, p50 / p95 (${options.queries} measured calls per operation and size, after ${options.warmUpCalls} warm-up calls)`,
  );
  lines.push(formatLatencyTable(report.sizes));
  lines.push(
    '  embed = embed([one unseen text]); raw query = VectorStore.query, limit 10, no vectors; raw write = one upsert of one memory record;',
    '  recall = RecallUseCase, n_results 3, unseen queries; remember = RememberUseCase, unseen texts;',
    `  import /s = batches of ${options.batchSize} unseen texts through remember_batch (embedding, duplicate guard, links, lexical index, thread),`,
    `    ${BULK_IN_FLIGHT} in flight as a bulk loader sends them (the server embeds one while it stores the other, in arrival order);`,
    '  embed batch /s = embed alone, same batch size, other texts.',
  );
  for (const size of report.sizes) {
    const notes = [
      `raw query with vectors ${formatMs(size.rawQueryWithVectors.p50)} / ${formatMs(size.rawQueryWithVectors.p95)}`,
      `one remember_batch of ${size.bulk.batchSize} ${formatMs(size.bulk.batch.p50)} / ${formatMs(size.bulk.batch.p95)}, ` +
        `one at a time ${formatRate(size.bulk.sequentialPerSecond)}/s (${(size.bulk.sequentialPerSecond / size.bulk.embedPerSecond).toFixed(2)} of embed batch), ` +
        `${size.bulk.saved} of ${size.bulk.texts} saved in flight`,
    ];
    if (size.rememberRefused > 0) notes.push(`${size.rememberRefused} remember calls refused as duplicates`);
    if (size.recallEmpty > 0) notes.push(`${size.recallEmpty} recalls found nothing`);
    lines.push(`  ${sizeLabel(size.size)}: ${notes.join('; ')}`);
  }
  const c = report.conversation;
  if (c)
    lines.push(
      `  conversation of ${c.turns} turns: one remember at a time ${c.oneAtATimeSeconds.toFixed(1)} s ` +
        `(${(c.turns / c.oneAtATimeSeconds).toFixed(1)}/s), remember_batch of ${c.batchSize}, ${BULK_IN_FLIGHT} in flight, ` +
        `${c.batchSeconds.toFixed(1)} s (${(c.turns / c.batchSeconds).toFixed(1)}/s): ${(c.oneAtATimeSeconds / c.batchSeconds).toFixed(1)}× faster; ` +
        `one batch at a time ${c.sequentialBatchSeconds.toFixed(1)} s (${(c.oneAtATimeSeconds / c.sequentialBatchSeconds).toFixed(1)}×)`,
    );
  return lines;
}

/** Where the time of recall, remember, remember_batch and consolidate goes at one size. */
function formatWhereTimeGoes(size: SizeReport): string[] {
  const lines: string[] = [];
  lines.push(
    `Where the time goes at ${sizeLabel(size.size)}: recall (mean ${formatMs(size.recall.mean)} ms), store and embedder calls per recall`,
  );
  lines.push(formatProfileTable(size.recallProfile, size.recall.count, size.recall.mean));
  lines.push(`remember at ${sizeLabel(size.size)} (mean ${formatMs(size.remember.mean)} ms), per remember`);
  lines.push(formatProfileTable(size.rememberProfile, size.remember.count, size.remember.mean));
  lines.push(
    `remember_batch of ${size.bulk.batchSize} at ${sizeLabel(size.size)} (mean ${formatMs(size.bulk.batch.mean)} ms), per batch`,
  );
  lines.push(formatProfileTable(size.bulk.profile, size.bulk.batch.count, size.bulk.batch.mean));
  const c = size.consolidation;
  if (c && c.windowMemories > 0) {
    lines.push(
      `consolidate at ${sizeLabel(size.size)}: window ${c.windowHours.toFixed(0)} h = ${c.windowMemories} memories; ` +
        `dry run ${formatMs(c.dryRunMs)} ms, run ${formatMs(c.runMs)} ms = ${formatMs(c.runMs / c.windowMemories)} ms per memory in the window ` +
        `(${c.linksCreated} links created, ${c.mergeCandidates} merge candidates)`,
    );
    lines.push(formatProfileTable(c.profile, 1, c.runMs));
  }
  return lines;
}

function formatVerdict(checks: TargetCheck[]): string {
  const missed = checks.filter((c) => !c.pass);
  return missed.length === 0
    ? `All ${checks.length} targets met.`
    : `${checks.length - missed.length} of ${checks.length} targets met; missed: ${missed.map((c) => `${c.name} at ${c.scope} (${c.ratio.toFixed(2)})`).join('; ')}.`;
}
