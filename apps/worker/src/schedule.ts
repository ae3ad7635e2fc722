/**
 * The worker's schedule: one cron timer per enabled job; each tick runs the job for every namespace.
 * Workers with the same schedule all fire; the runner claims each tick, so one of them runs it and
 * the others report `skipped`. A tick that finds the job still running (here or in another worker)
 * gets a `skipped` report from the lock, so overlapping runs never happen and are never queued. `stop()` stops the timers, aborts
 * the shutdown signal (jobs stop between steps) and waits for the runs in flight.
 */
import { Cron } from 'croner';
import type { Logger } from '@kioku/kernel';
import type { JobName } from './config';
import type { Job } from './jobs/job';
import type { JobRunner } from './jobs/job-runner';

export interface ScheduleOptions {
  jobs: Record<JobName, Job>;
  schedules: Record<JobName, string | null>;
  namespaces: string[];
  timezone?: string;
  runner: JobRunner;
  logger: Logger;
}

export interface RunningSchedule {
  /** The jobs that have a timer. */
  readonly scheduled: JobName[];
  /** Stops scheduling, lets the runs in flight finish their current step, and waits for them. */
  stop(): Promise<void>;
}

export function startSchedule(options: ScheduleOptions): RunningSchedule {
  const { jobs, schedules, namespaces, timezone, runner, logger } = options;
  const shutdown = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const timers: Cron[] = [];
  const scheduled: JobName[] = [];

  for (const [name, job] of Object.entries(jobs) as [JobName, Job][]) {
    const pattern = schedules[name];
    if (!pattern) continue;
    const timer = new Cron(pattern, { timezone, mode: '5-or-6-parts' }, (self: Cron) => {
      if (shutdown.signal.aborted) return;
      const run = runner
        .runAll(job, namespaces, shutdown.signal, scheduledInstant(self))
        .catch((error: unknown) => {
          logger.error('worker.tick_failed', { job: name, error });
        });
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    });
    timers.push(timer);
    scheduled.push(name);
    logger.info('worker.job_scheduled', {
      job: name,
      cron: pattern,
      namespaces,
      nextRun: timer.nextRun()?.toISOString() ?? null,
    });
  }

  return {
    scheduled,
    stop: async () => {
      for (const timer of timers) timer.stop();
      shutdown.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * The pattern's instant this firing belongs to: the latest one not after now. Croner records the
 * firing's clock time (milliseconds late, different in every process); the pattern's instant is the
 * same for every worker, which is what a tick claim needs. Croner never fires before its instant.
 */
export function scheduledInstant(timer: Cron, now = new Date()): Date {
  return timer.previousRuns(1, new Date(now.getTime() + 1))[0] ?? now;
}
