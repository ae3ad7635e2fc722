/**
 * Runs a job for a namespace under its lock and publishes the report: `skipped` when the lock is held,
 * `ok`, `failed` (with a safe error) or `interrupted`. Across namespaces, runs them one after another
 * and starts no new one once the shutdown signal is aborted.
 */
import type { Clock, Logger } from '@kioku/kernel';
import { toReportError } from '../errors/to-report-error';
import type { ReportWriter } from '../reports/report-writer';
import { buildReport, type JobReport } from '../reports/job-report';
import type { Job, JobOutcome } from './job';
import { jobLockPath, lockHolderPid, tryJobLock } from './job-lock';

export interface JobRunnerOptions {
  locksDir: string;
  reports: ReportWriter;
  clock: Clock;
  logger: Logger;
}

export class JobRunner {
  private readonly heldLocks = new Set<() => void>();

  constructor(private readonly options: JobRunnerOptions) {}

  /** Runs the job for each namespace in turn; namespaces not started before `signal` aborts are left out. */
  async runAll(job: Job, namespaces: string[], signal: AbortSignal): Promise<JobReport[]> {
    const reports: JobReport[] = [];
    for (const namespace of namespaces) {
      if (signal.aborted) break;
      reports.push(await this.run(job, namespace, signal));
    }
    return reports;
  }

  async run(job: Job, namespace: string, signal: AbortSignal): Promise<JobReport> {
    const { clock, logger, reports, locksDir } = this.options;
    const startedAt = clock.now();
    const started = performance.now();
    const header = (status: JobReport['status']) => ({
      job: job.name,
      namespace,
      startedAt,
      durationMs: performance.now() - started,
      status,
    });

    const lockPath = jobLockPath(locksDir, job.name, namespace);
    const release = await tryJobLock(lockPath);
    if (!release) {
      const report = buildReport(header('skipped'), undefined, { lockHolderPid: lockHolderPid(lockPath) });
      reports.write(report);
      return report;
    }

    this.heldLocks.add(release);
    logger.info('worker.job_started', { job: job.name, namespace });
    let report: JobReport;
    try {
      const outcome: JobOutcome = await job.run(namespace, signal);
      report = buildReport(header(outcome.interrupted ? 'interrupted' : 'ok'), outcome);
    } catch (error) {
      logger.error('worker.job_failed', { job: job.name, namespace, error });
      report = buildReport(header('failed'), undefined, { error: toReportError(error) });
    } finally {
      this.heldLocks.delete(release);
      release();
    }
    reports.write(report);
    return report;
  }

  /** Releases every lock this runner holds (a forced exit; the runs themselves are abandoned). */
  releaseAll(): void {
    for (const release of this.heldLocks) release();
    this.heldLocks.clear();
  }
}
