/**
 * The behaviour §11 performance targets as ratios of measured numbers. Every check is judged on p50;
 * the p95 ratio is reported beside it for information.
 */
import type { OperationTotal } from './operation-profiler';
import type { LatencySummary } from './percentiles';

export interface SeedingReport {
  /** Records whose vector is a real embedding of their text. */
  real: number;
  /** Records whose vector is a perturbation of a real one (their text is a sibling of that text). */
  synthetic: number;
  /** Seeds the duplicate guard refused (each replaced by another). */
  refused: number;
  seconds: number;
}

export interface BulkThroughput {
  texts: number;
  batchSize: number;
  /** Memories saved (the rest were refused as near-duplicates of the store or of the batch). */
  saved: number;
  /** Through remember_batch, BULK_IN_FLIGHT batches at a time, memories per second. */
  importPerSecond: number;
  /** Through remember_batch, each batch sent when the one before has answered, memories per second. */
  sequentialPerSecond: number;
  /** Embed alone, texts per second. */
  embedPerSecond: number;
  /** One remember_batch call alone (sent one at a time), ms. */
  batch: LatencySummary;
  /** The store and embedder calls of the remember_batch calls sent one at a time, summed. */
  profile: OperationTotal[];
}

/** A conversation ingested one remember at a time and through remember_batch. */
export interface ConversationIngest {
  turns: number;
  batchSize: number;
  oneAtATimeSeconds: number;
  /** Through remember_batch, BULK_IN_FLIGHT batches at a time. */
  batchSeconds: number;
  /** Through remember_batch, each batch sent when the one before has answered. */
  sequentialBatchSeconds: number;
}

export interface SizeMeasurements {
  size: number;
  seeding: SeedingReport;
  embed: LatencySummary;
  rawQuery: LatencySummary;
  /** One raw BM25 search of the lexical index (limit 10). */
  rawLexicalQuery: LatencySummary;
  /** One raw upsert through the store: the record and, where the index is kept beside it, the index. */
  rawWrite: LatencySummary;
  recall: LatencySummary;
  remember: LatencySummary;
  /** remember calls refused as near-duplicates (they skip the save). */
  rememberRefused: number;
  bulk: BulkThroughput;
}

export interface TargetCheck {
  name: string;
  /** Which sizes the check compares, e.g. `10k` or `10k vs 1k`. */
  scope: string;
  /** The measured value (ms, or memories/s for throughput). */
  measured: number;
  /** What it is compared with (ms, or texts/s). */
  reference: number;
  unit: 'ms' | '/s';
  ratio: number;
  /** Ratio of the p95 values; undefined where there are no percentiles (throughput). */
  ratioP95?: number;
  limit: number;
  direction: 'at most' | 'at least';
  pass: boolean;
}

const RECALL_LIMIT = 1.25;
const REMEMBER_LIMIT = 1.5;
const SCALING_LIMIT = 1.5;
const BULK_LIMIT = 0.8;
/** Batches a bulk loader keeps in flight (docs/export-import.md, "Loading many memories"). */
export const BULK_IN_FLIGHT = 2;

type Percentile = 'p50' | 'p95';

/** embed + one raw vector query + one raw lexical query: what recall cannot avoid. */
export function recallReference(m: SizeMeasurements, at: Percentile = 'p50'): number {
  return m.embed[at] + m.rawQuery[at] + m.rawLexicalQuery[at];
}

/** embed + two raw queries + one write (with its index write): what remember cannot avoid. */
export function rememberReference(m: SizeMeasurements, at: Percentile = 'p50'): number {
  return m.embed[at] + 2 * m.rawQuery[at] + m.rawWrite[at];
}

export function sizeLabel(size: number): string {
  if (size >= 1_000_000 && size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  if (size >= 1_000 && size % 1_000 === 0) return `${size / 1_000}k`;
  return String(size);
}

const CONVERSATION_SPEEDUP_LIMIT = 5;

export function targetChecks(
  results: readonly SizeMeasurements[],
  conversation?: ConversationIngest,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const m of results) {
    const scope = sizeLabel(m.size);
    checks.push(
      atMost(
        'recall ≤ 1.25 × (embed + query + lexical query)',
        scope,
        m.recall.p50,
        recallReference(m),
        RECALL_LIMIT,
        m.recall.p95 / recallReference(m, 'p95'),
      ),
      atMost(
        'remember ≤ 1.5 × (embed + 2 query + write + index write)',
        scope,
        m.remember.p50,
        rememberReference(m),
        REMEMBER_LIMIT,
        m.remember.p95 / rememberReference(m, 'p95'),
      ),
    );
  }
  const sorted = [...results].sort((a, b) => a.size - b.size);
  if (sorted.length >= 2) {
    const smallest = sorted[0];
    const largest = sorted[sorted.length - 1];
    checks.push(
      atMost(
        `recall(${sizeLabel(largest.size)}) ≤ 1.5 × recall(${sizeLabel(smallest.size)})`,
        `${sizeLabel(largest.size)} vs ${sizeLabel(smallest.size)}`,
        largest.recall.p50,
        smallest.recall.p50,
        SCALING_LIMIT,
        largest.recall.p95 / smallest.recall.p95,
      ),
    );
  }
  for (const m of results) {
    const ratio = m.bulk.importPerSecond / m.bulk.embedPerSecond;
    checks.push({
      name: 'bulk import ≥ 80 % of embed batch',
      scope: sizeLabel(m.size),
      measured: m.bulk.importPerSecond,
      reference: m.bulk.embedPerSecond,
      unit: '/s',
      ratio,
      limit: BULK_LIMIT,
      direction: 'at least',
      pass: ratio >= BULK_LIMIT,
    });
  }
  if (conversation) {
    const { turns, oneAtATimeSeconds, batchSeconds } = conversation;
    const ratio = oneAtATimeSeconds / batchSeconds;
    checks.push({
      name: `conversation through remember_batch ≥ ${CONVERSATION_SPEEDUP_LIMIT}× one at a time`,
      scope: `${turns} turns`,
      measured: turns / batchSeconds,
      reference: turns / oneAtATimeSeconds,
      unit: '/s',
      ratio,
      limit: CONVERSATION_SPEEDUP_LIMIT,
      direction: 'at least',
      pass: ratio >= CONVERSATION_SPEEDUP_LIMIT,
    });
  }
  return checks;
}

function atMost(
  name: string,
  scope: string,
  measured: number,
  reference: number,
  limit: number,
  ratioP95: number,
): TargetCheck {
  const ratio = measured / reference;
  return {
    name,
    scope,
    measured,
    reference,
    unit: 'ms',
    ratio,
    ratioP95,
    limit,
    direction: 'at most',
    pass: ratio <= limit,
  };
}
