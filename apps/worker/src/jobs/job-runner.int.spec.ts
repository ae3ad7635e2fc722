/**
 * The runner's lock and report rules: one run per job and namespace at a time across processes
 * (a held lock → `skipped`, not queued), a lock whose holder died is taken over, failures become a
 * safe error in the report, and the lock is released whatever happens — with lock files (one
 * machine) and with leases on the shared state (a lost lease stops the job before its next write;
 * each scheduled tick runs once).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, SystemClock, type Clock } from '@kioku/kernel';
import { type SharedState } from '@kioku/shared-state';
import { InProcessSharedState, LeasedLocks } from '@kioku/shared-state-store';
import { RedactingLogger } from '@kioku/redaction';
import { CapturingLogSink, FixedClock } from '@kioku/testing-fakes';
import { ReportWriter } from '../reports/report-writer';
import {
  ControlledJob,
  lockFiles,
  readReports,
  REPO_ROOT,
  tempDir,
  waitFor,
} from '../testing/worker-test-helpers';
import { FileJobLocks } from './file-job-locks';
import type { Job } from './job';
import { jobLockPath } from './job-lock';
import type { JobLocks } from './job-locks';
import { JobRunner } from './job-runner';
import { LeasedJobLocks } from './leased-job-locks';
import { TickClaims } from './tick-claims';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function setup(
  coordination: (locksDir: string) => { locks: JobLocks; ticks: TickClaims } = (locksDir) => ({
    locks: new FileJobLocks(locksDir),
    ticks: new TickClaims(new InProcessSharedState(new SystemClock()), 'test'),
  }),
) {
  const dataDir = tempDir('runner');
  dirs.push(dataDir);
  const logs = new CapturingLogSink();
  const logger = new RedactingLogger(logs, 'debug', new SystemClock());
  const reportsDir = join(dataDir, 'worker-reports');
  const locksDir = join(dataDir, 'worker-locks');
  const runner = new JobRunner({
    ...coordination(locksDir),
    reports: new ReportWriter(reportsDir, logger),
    clock: new SystemClock(),
    logger,
  });
  return { runner, logs, reportsDir, locksDir };
}

/** A runner whose locks are leases on `state`, held as `holder`, as a worker on another machine would. */
function leasedSetup(state: SharedState, holder: string, clock: Clock = new SystemClock(), leaseMs = 60_000) {
  return setup(() => ({
    locks: new LeasedJobLocks(new LeasedLocks(state, clock, leaseMs), holder),
    ticks: new TickClaims(state, holder),
  }));
}

const never = new AbortController().signal;

/** A separate process that takes a job lock (through the worker's own code) and keeps it. */
async function lockOwnerProcess(lockPath: string): Promise<ChildProcess> {
  const script = `
    process.env.TSX_TSCONFIG_PATH = ${JSON.stringify(join(REPO_ROOT, 'tsconfig.json'))};
    require('tsx/cjs/api').register();
    const { tryJobLock } = require(${JSON.stringify(join(__dirname, 'job-lock.ts'))});
    tryJobLock(${JSON.stringify(lockPath)}).then((release) => {
      process.stdout.write(release ? 'locked\\n' : 'busy\\n');
      setInterval(() => {}, 1000);
    });`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const answer = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`lock owner exited early (${code})`)));
  });
  expect(answer).toBe('locked');
  return child;
}

describe('JobRunner', () => {
  it('runs a job once per namespace at a time: a second run meanwhile is skipped, not queued', async () => {
    const { runner, reportsDir, locksDir } = setup();
    const job = new ControlledJob('consolidate');
    const first = runner.run(job, 'alpha', never);
    await job.entered;

    const second = await runner.run(job, 'alpha', never);
    expect(second).toMatchObject({
      job: 'consolidate',
      namespace: 'alpha',
      status: 'skipped',
      lockHolderPid: process.pid,
      counts: {},
    });
    expect(job.runs).toBe(1);

    job.finish({ counts: { replayed: 3 } });
    expect(await first).toMatchObject({ status: 'ok', counts: { replayed: 3 } });
    expect(readReports(reportsDir, 'consolidate').map((r) => r.status)).toEqual(['skipped', 'ok']);
    expect(lockFiles(locksDir)).toEqual([]);

    // Released: the next run goes ahead.
    const third = new ControlledJob('consolidate');
    const run = runner.run(third, 'alpha', never);
    await third.entered;
    third.finish();
    expect(await run).toMatchObject({ status: 'ok' });
  });

  it('lets other namespaces and other jobs run at the same time', async () => {
    const { runner } = setup();
    const jobs = [
      new ControlledJob('integrity'),
      new ControlledJob('integrity'),
      new ControlledJob('purge-trash'),
    ];
    const runs = [
      runner.run(jobs[0], 'alpha', never),
      runner.run(jobs[1], 'beta', never),
      runner.run(jobs[2], 'alpha', never),
    ];
    await Promise.all(jobs.map((j) => j.entered));
    jobs.forEach((j) => j.finish());
    expect((await Promise.all(runs)).map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('skips while another process holds the lock, and takes over a lock whose holder died', async () => {
    const { runner, reportsDir, locksDir } = setup();
    const lockPath = jobLockPath(locksDir, 'integrity', 'alpha');
    const owner = await lockOwnerProcess(lockPath);
    try {
      const job = new ControlledJob('integrity');
      const skipped = await runner.run(job, 'alpha', never);
      expect(skipped).toMatchObject({ status: 'skipped', lockHolderPid: owner.pid });
      expect(job.runs).toBe(0);

      const exited = new Promise((resolve) => owner.once('exit', resolve));
      owner.kill('SIGKILL');
      await exited;
      // The dead owner's lock file is still there…
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: owner.pid });

      // …and is taken over by the next run.
      const run = runner.run(job, 'alpha', never);
      await job.entered;
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      job.finish();
      expect(await run).toMatchObject({ status: 'ok' });
      expect(existsSync(lockPath)).toBe(false);
      expect(readReports(reportsDir, 'integrity').map((r) => r.status)).toEqual(['skipped', 'ok']);
    } finally {
      owner.kill('SIGKILL');
    }
  });

  it('reports a failure with a safe code and message, and releases the lock', async () => {
    const { runner, locksDir, logs } = setup();
    const job = new ControlledJob('auto-forget');
    const run = runner.run(job, 'alpha', never);
    await job.entered;
    job.fail(new AppError('STORE_UNAVAILABLE', 'The vector store is unavailable.'));
    expect(await run).toMatchObject({
      status: 'failed',
      error: { code: 'STORE_UNAVAILABLE', message: 'The vector store is unavailable.' },
    });

    const other = new ControlledJob('auto-forget');
    const second = runner.run(other, 'alpha', never);
    await other.entered;
    other.fail(new Error('SELECT secret FROM memories'));
    const report = await second;
    expect(report).toMatchObject({
      status: 'failed',
      error: { code: 'INTERNAL', message: 'Internal error.' },
    });
    expect(JSON.stringify(report)).not.toContain('secret');
    expect(logs.text()).not.toContain('secret');
    expect(logs.text()).toContain('"event":"worker.job_failed"');
    expect(lockFiles(locksDir)).toEqual([]);
  });

  it('marks a run a shutdown stopped between steps as interrupted', async () => {
    const { runner } = setup();
    const job = new ControlledJob('reembed');
    const run = runner.run(job, 'alpha', never);
    await job.entered;
    job.finish({ counts: {}, interrupted: true });
    expect(await run).toMatchObject({ status: 'interrupted' });
  });

  it('starts no further namespace once the shutdown signal is aborted', async () => {
    const { runner, reportsDir } = setup();
    const shutdown = new AbortController();
    const job = new ControlledJob('purge-trash');
    const all = runner.runAll(job, ['alpha', 'beta', 'gamma'], shutdown.signal);
    await job.entered;
    shutdown.abort();
    job.finish({ counts: { purged: 0 } });
    const reports = await all;
    expect(reports.map((r) => [r.namespace, r.status])).toEqual([['alpha', 'ok']]);
    expect(readReports(reportsDir, 'purge-trash')).toHaveLength(1);
  });

  it('writes each report as one JSON line and through the logger', async () => {
    const { runner, reportsDir, logs } = setup();
    const job = new ControlledJob('integrity');
    const run = runner.run(job, 'alpha', never);
    await job.entered;
    job.finish({ counts: { linksChecked: 4 }, ids: { fixed: ['mem_0123456789ab'] } });
    await run;
    await waitFor(() => readReports(reportsDir, 'integrity').length === 1, 1000, 'the report');
    const [line] = readReports(reportsDir, 'integrity');
    expect(Object.keys(line)).toEqual([
      'job',
      'namespace',
      'startedAt',
      'durationMs',
      'status',
      'pid',
      'counts',
      'ids',
    ]);
    expect(line.startedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    const logged = logs.records.find((r) => r.event === 'worker.job_report');
    expect(logged?.fields).toMatchObject({ job: 'integrity', status: 'ok', counts: { linksChecked: 4 } });
  });
});

describe('JobRunner with leases on the shared state', () => {
  it('skips while another worker holds the lease, naming it and its epoch; the next run takes the next epoch', async () => {
    const state = new InProcessSharedState(new SystemClock());
    const machineA = leasedSetup(state, 'host-a/1/aaaa');
    const machineB = leasedSetup(state, 'host-b/2/bbbb');
    const job = new ControlledJob('consolidate');
    const first = machineA.runner.run(job, 'alpha', never);
    await job.entered;

    expect(await machineB.runner.run(job, 'alpha', never)).toMatchObject({
      status: 'skipped',
      skipReason: 'lock_held',
      lockHolder: 'host-a/1/aaaa',
      lockEpoch: 1,
    });
    job.finish();
    expect(await first).toMatchObject({ status: 'ok', lockHolder: 'host-a/1/aaaa', lockEpoch: 1 });

    const next = new ControlledJob('consolidate');
    const second = machineB.runner.run(next, 'alpha', never);
    await next.entered;
    next.finish();
    expect(await second).toMatchObject({ status: 'ok', lockHolder: 'host-b/2/bbbb', lockEpoch: 2 });
    expect(machineA.locksDir).not.toBe(machineB.locksDir);
    expect(lockFiles(machineA.locksDir)).toEqual([]);
  });

  it('a lease lost mid-run stops the job before its next write batch: `failed` with LEASE_LOST', async () => {
    const clock = new FixedClock();
    const state = new InProcessSharedState(clock);
    const paused = leasedSetup(state, 'host-a/1/aaaa', clock, 10_000);
    const other = new LeasedLocks(state, clock, 10_000);
    const written: number[] = [];
    let pauseAfterFirstBatch!: () => void;
    const resume = new Promise<void>((resolve) => (pauseAfterFirstBatch = resolve));
    const batches: Job = {
      name: 'auto-forget',
      run: async (_namespace, _signal, beforeWrite = () => Promise.resolve()) => {
        for (const batch of [1, 2, 3]) {
          await beforeWrite();
          written.push(batch);
          if (batch === 1) await resume;
        }
        return { counts: { written: written.length } };
      },
    };
    const run = paused.runner.run(batches, 'alpha', never);
    await waitFor(() => written.length === 1, 1_000, 'the first batch');

    // The holder stalls past its lease (a long GC pause, a frozen VM); another worker takes over.
    clock.advance(11_000);
    const takeover = await other.tryAcquire('job:auto-forget:alpha', { id: 'host-b/2/bbbb' });
    expect(takeover).toMatchObject({ acquired: true, lease: { epoch: 2 } });
    pauseAfterFirstBatch();

    const report = await run;
    expect(report).toMatchObject({
      status: 'failed',
      lockEpoch: 1,
      error: { code: 'LEASE_LOST', message: expect.stringContaining('another worker') },
    });
    expect(written).toEqual([1]);
    if (takeover.acquired) await takeover.lease.release();
  });

  it('runs each scheduled tick once across workers; the others report that another worker ran it', async () => {
    const state = new InProcessSharedState(new SystemClock());
    const machineA = leasedSetup(state, 'host-a/1/aaaa');
    const machineB = leasedSetup(state, 'host-b/2/bbbb');
    // A tick is this second's instant, as the schedule computes it.
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
    const job = new ControlledJob('integrity');
    const winner = machineA.runner.runAll(job, ['alpha'], never, tick);
    await job.entered;
    job.finish();
    const loser = await machineB.runner.runAll(job, ['alpha'], never, tick);

    expect(await winner).toMatchObject([{ status: 'ok', tick: tick.toISOString() }]);
    expect(loser).toMatchObject([
      { status: 'skipped', skipReason: 'tick_taken', tick: tick.toISOString(), lockHolder: 'host-a/1/aaaa' },
    ]);
    expect(job.runs).toBe(1);
  });
});
