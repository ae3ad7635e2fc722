/**
 * Runs a job for a namespace under its lock and publishes the report: `skipped` when another worker
 * ran this tick or the lock is held, `ok`, `failed` (with a safe error; `LEASE_LOST` when the lease
 * was lost mid-run) or `interrupted`. A scheduled run first claims its tick, so workers with the same
 * schedule run each tick once; a `--once` run has no tick and only takes the lock. Across namespaces,
 * runs them one after another and starts no new one once the shutdown signal is aborted.
 */
import type { Clock, Logger } from '@kioku/kernel';
import { LeaseLostError } from '@kioku/shared-state-store';
import { LEASE_LOST, toReportError } from '../errors/to-report-error';
import type { ReportWriter } from '../reports/report-writer';
import { buildReport, type JobReport, type ReportExtras } from '../reports/job-report';
import type { Job, JobOutcome } from './job';
import type { HeldJobLock, JobLocks, LockHolderInfo } from './job-locks';
import type { TickClaims } from './tick-claims';

export interface JobRunnerOptions {
  locks: JobLocks;
  ticks: TickClaims;
  reports: ReportWriter;
  clock: Clock;
  logger: Logger;
}

export class JobRunner {
  private readonly heldLocks = new Set<HeldJobLock>();

  constructor(private readonly options: JobRunnerOptions) {}

  /**
   * Runs the job for each namespace in turn; namespaces not started before `signal` aborts are left
   * out. `tick` is the scheduled instant of a scheduled run (absent for `--once`).
   */
  async runAll(job: Job, namespaces: string[], signal: AbortSignal, tick?: Date): Promise<JobReport[]> {
    const reports: JobReport[] = [];
    for (const namespace of namespaces) {
      if (signal.aborted) break;
      reports.push(await this.run(job, namespace, signal, tick));
    }
    return reports;
  }

  async run(job: Job, namespace: string, signal: AbortSignal, tick?: Date): Promise<JobReport> {
    const { clock, logger, reports } = this.options;
    const startedAt = clock.now();
    const started = performance.now();
    const tickFacts: ReportExtras = tick ? { tick: tick.toISOString() } : {};
    const publish = (status: JobReport['status'], outcome?: JobOutcome, extra: ReportExtras = {}) => {
      const header = { job: job.name, namespace, startedAt, durationMs: performance.now() - started, status };
      const report = buildReport(header, outcome, { ...tickFacts, ...extra });
      reports.write(report);
      return report;
    };

    let lock: HeldJobLock;
    try {
      if (tick) {
        const claim = await this.options.ticks.claim(job.name, namespace, tick);
        if (!claim.won)
          return publish('skipped', undefined, { skipReason: 'tick_taken', lockHolder: claim.holder });
      }
      const taken = await this.options.locks.take(job.name, namespace);
      if (!taken.taken)
        return publish('skipped', undefined, { skipReason: 'lock_held', ...holderFacts(taken.heldBy) });
      lock = taken.lock;
    } catch (error) {
      logger.error('worker.job_lock_failed', { job: job.name, namespace, error });
      return publish('failed', undefined, { error: toReportError(error) });
    }

    this.heldLocks.add(lock);
    const held = holderFacts(lock.info);
    logger.info('worker.job_started', { job: job.name, namespace, ...tickFacts, ...held });
    let report: JobReport;
    try {
      // A lost lease stops the job between steps as a shutdown does, and its fence stops the next write.
      const outcome = await job.run(namespace, AbortSignal.any([signal, lock.lost]), lock.beforeWrite);
      // A run that finished every write under its fence is complete, even if the lease ran out after.
      report =
        outcome.interrupted && lock.lost.aborted
          ? publish('failed', outcome, { ...held, error: { ...LEASE_LOST } })
          : publish(outcome.interrupted ? 'interrupted' : 'ok', outcome, held);
    } catch (error) {
      const event = error instanceof LeaseLostError ? 'worker.job_lease_lost' : 'worker.job_failed';
      logger.error(event, { job: job.name, namespace, error });
      report = publish('failed', undefined, { ...held, error: toReportError(error) });
    } finally {
      this.heldLocks.delete(lock);
      await lock.release().catch((error: unknown) => {
        // An unreleased lease runs out on its own; the next run only waits for that.
        logger.warn('worker.job_lock_release_failed', { job: job.name, namespace, error });
      });
    }
    return report;
  }

  /** Releases every lock this runner holds (a forced exit; the runs themselves are abandoned). */
  releaseAll(): void {
    for (const lock of this.heldLocks) void lock.release().catch(() => undefined);
    this.heldLocks.clear();
  }
}

function holderFacts(info: LockHolderInfo): ReportExtras {
  const facts: ReportExtras = {};
  if (info.pid !== undefined) facts.lockHolderPid = info.pid;
  if (info.holder !== undefined) facts.lockHolder = info.holder;
  if (info.epoch !== undefined) facts.lockEpoch = info.epoch;
  return facts;
}
