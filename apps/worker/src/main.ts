/**
 * `kioku worker`: runs the maintenance jobs (behaviour §8.3) on their cron schedules until SIGTERM/SIGINT,
 * or `kioku worker --once <job> [--namespace <ns>]`: runs one job for every configured namespace (or
 * the given one), prints its reports as JSON lines on stdout and exits — 0 when every run completed
 * or was skipped because another process runs it, 1 when one failed or was interrupted, 2 for a bad
 * configuration. Logs go to stderr or KIOKU_LOG_FILE.
 *
 * Shutdown: the first SIGTERM/SIGINT stops the schedule, lets each running job finish its current
 * step (jobs stop between steps), releases the locks and closes the container. A second signal exits
 * at once, releasing the locks; that is safe too, because every use-case write is idempotent and what
 * a crash leaves half done is finished by the integrity job.
 */
import 'reflect-metadata';
import { ConfigError } from '@kioku/config';
import { KERNEL_TOKENS, toAppError } from '@kioku/kernel';
import { JOB_NAMES, loadWorkerConfig, parseWorkerArgs, SCHEDULE_VARIABLES } from './config';
import { createWorkerContainer, workerCoordination, workerJobs } from './container';
import { FileJobLocks } from './jobs/file-job-locks';
import { JobRunner } from './jobs/job-runner';
import { ReportWriter } from './reports/report-writer';
import { startSchedule } from './schedule';

async function main(): Promise<number> {
  const command = parseWorkerArgs(process.argv.slice(2));
  const config = loadWorkerConfig(command);
  if (!command.once && JOB_NAMES.every((job) => !config.worker.schedules[job])) {
    const variables = Object.values(SCHEDULE_VARIABLES).map(([variable]) => variable);
    throw new ConfigError([
      `no job has a schedule (${variables.join(', ')} are all empty); set one, or run a job with --once <job>`,
    ]);
  }

  const shutdown = new AbortController();
  let runner: JobRunner | undefined;
  const onSignal = () => {
    if (!shutdown.signal.aborted) {
      shutdown.abort();
      return;
    }
    // A second signal: leave now. The locks go with us (a lease unreleased runs out); the writes done
    // so far are complete.
    runner?.releaseAll();
    process.exit(130);
  };
  // Installed before the store starts: with a handler of ours, an embedded Chroma server this process
  // owns stays up until the container is closed (see ChromaServerManager's exit handlers).
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // `reembed` exists to fix a model mismatch, so it must not stop at opening the namespace.
  const app = await createWorkerContainer(config, { openNamespace: command.once !== 'reembed' });
  const logger = app.logger;
  shutdown.signal.addEventListener('abort', () => logger.info('worker.stopping', {}), { once: true });
  try {
    const { locks, ticks, holderId } = workerCoordination(app.container, config);
    runner = new JobRunner({
      locks,
      ticks,
      reports: new ReportWriter(config.worker.reportsDir, logger),
      clock: app.container.get(KERNEL_TOKENS.Clock),
      logger,
    });
    const jobs = workerJobs(app.container, config);

    if (command.once) {
      const reports = await runner.runAll(jobs[command.once], config.worker.namespaces, shutdown.signal);
      for (const report of reports) process.stdout.write(JSON.stringify(report) + '\n');
      const completed =
        reports.length === config.worker.namespaces.length &&
        reports.every((r) => r.status === 'ok' || r.status === 'skipped');
      return completed ? 0 : 1;
    }

    const schedule = startSchedule({
      jobs,
      schedules: config.worker.schedules,
      namespaces: config.worker.namespaces,
      timezone: config.worker.timezone,
      runner,
      logger,
    });
    logger.info('worker.started', {
      scheduled: schedule.scheduled,
      namespaces: config.worker.namespaces,
      holder: holderId,
      locks: locks instanceof FileJobLocks ? 'files' : 'leases',
    });
    if (!shutdown.signal.aborted)
      await new Promise((resolve) => shutdown.signal.addEventListener('abort', resolve, { once: true }));
    await schedule.stop();
    return 0;
  } finally {
    await app.close();
    logger.info('worker.stopped', {});
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const appError = toAppError(error);
    process.stderr.write(`kioku worker: ${appError.code}: ${appError.message}\n`);
    process.exit(appError.code === 'CONFIG_INVALID' ? 2 : 1);
  },
);
