/**
 * One line of a worker report (behaviour §8.3): which job ran for which namespace, when, how long, how it
 * ended, and the outcome's counts, ids and details. Built from a job's outcome by copying only
 * numbers, id-shaped strings and the scalar details — so even a job that mapped its result
 * carelessly cannot put text from a memory into a report.
 */
import type { JobName } from '../config';
import type { IdEntry, JobOutcome } from '../jobs/job';

type ReportStatus = 'ok' | 'skipped' | 'failed' | 'interrupted';
type SkipReason = 'lock_held' | 'tick_taken';

export interface JobReport {
  job: JobName;
  namespace: string;
  /** ISO-8601 instant the run started. */
  startedAt: string;
  durationMs: number;
  /**
   * `ok`: completed. `skipped`: nothing was done, see `skipReason`. `failed`: see `error` (code
   * `LEASE_LOST` when another worker took the job over); steps before the failure stay done.
   * `interrupted`: a shutdown stopped it between two steps; what was done stays done.
   */
  status: ReportStatus;
  /** The worker process that wrote the line. */
  pid: number;
  counts: Record<string, number>;
  ids?: Record<string, string[]>;
  entries?: Record<string, IdEntry[]>;
  details?: Record<string, string | number | boolean>;
  /** For a scheduled run: the tick it belongs to (the cron pattern's instant, ISO-8601), the same in every worker. */
  tick?: string;
  /** For `skipped`: `lock_held` (the job runs for this namespace already) or `tick_taken` (another worker ran this tick). */
  skipReason?: SkipReason;
  /** With a lock file, for `skipped`: the pid that holds the lock, when readable. */
  lockHolderPid?: number;
  /** With a lease: who holds it (`host/pid/random`) — this worker for a run, the other one for a skip. */
  lockHolder?: string;
  /** With a lease: its epoch (the fencing token; higher with every acquisition). */
  lockEpoch?: number;
  /** For `failed`: a stable code and a message that never holds memory content. */
  error?: { code: string; message: string };
}

/** Ids of memories, episodes and links: no spaces, nothing a sentence could pass for. */
const ID_SHAPE = /^[A-Za-z0-9_.:>|-]{1,128}$/;
const NOT_AN_ID = '[not-an-id]';

/** Run facts the runner adds to a report (none of them agent text). */
export type ReportExtras = Pick<
  JobReport,
  'tick' | 'skipReason' | 'lockHolderPid' | 'lockHolder' | 'lockEpoch' | 'error'
>;

export interface ReportHeader {
  job: JobName;
  namespace: string;
  startedAt: Date;
  durationMs: number;
  status: ReportStatus;
}

export function buildReport(
  header: ReportHeader,
  outcome: JobOutcome | undefined,
  extra: ReportExtras = {},
): JobReport {
  const report: JobReport = {
    job: header.job,
    namespace: header.namespace,
    startedAt: header.startedAt.toISOString(),
    durationMs: Math.max(0, Math.round(header.durationMs)),
    status: header.status,
    pid: process.pid,
    counts: numbers(outcome?.counts ?? {}),
  };
  if (outcome?.ids) report.ids = mapValues(outcome.ids, (list) => list.map(safeId));
  if (outcome?.entries) report.entries = mapValues(outcome.entries, (list) => list.map(safeEntry));
  if (outcome?.details) report.details = scalars(outcome.details);
  return { ...report, ...extra };
}

function safeId(value: string): string {
  return typeof value === 'string' && ID_SHAPE.test(value) ? value : NOT_AN_ID;
}

function safeEntry(entry: IdEntry): IdEntry {
  const safe: IdEntry = { id: safeId(entry.id) };
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'id') continue;
    if (typeof value === 'number') safe[key] = Number.isFinite(value) ? value : 0;
    else safe[key] = safeId(value);
  }
  return safe;
}

function numbers(values: Record<string, number>): Record<string, number> {
  return mapValues(values, (value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0));
}

function scalars(
  values: Record<string, string | number | boolean>,
): Record<string, string | number | boolean> {
  const safe: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'number' || typeof value === 'boolean') safe[key] = value;
    // Details are configuration values and enumerations: short single tokens.
    else if (typeof value === 'string') safe[key] = /^[\w.:/@+-]{0,200}$/.test(value) ? value : NOT_AN_ID;
  }
  return safe;
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
