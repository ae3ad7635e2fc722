/**
 * Several workers on one store, as real processes. Two data dirs sharing one Chroma server stand for
 * two machines: their lock files never see each other, so only the store's tick claims and leases
 * keep them apart. (a) With the same schedule (6-part cron, every fifth second), each job runs exactly once per tick and
 * namespace across both workers, and no tick is missed by both. (b) The lease holder SIGKILLed in the
 * middle of a run: the other worker is `skipped` while the dead holder's lease lasts, then runs the
 * job itself with the next epoch.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startChromaTestServer, type ChromaTestServer } from '@kioku/vector-store-chroma/testing';
import type { JobName } from './config';
import type { JobReport } from './reports/job-report';
import { holdingProxy } from './testing/holding-proxy';
import { namespaceRequests, sharedStateCollectionId } from './testing/shared-state-requests';
import { startWorker, type WorkerProcess } from './testing/worker-process';
import { readReports, tempDir, waitFor } from './testing/worker-test-helpers';

const NO_OTHER_JOBS = {
  KIOKU_WORKER_CONSOLIDATE_CRON: '',
  KIOKU_WORKER_AUTO_FORGET_CRON: '',
  KIOKU_WORKER_PURGE_CRON: '',
  KIOKU_WORKER_INTEGRITY_CRON: '',
  KIOKU_WORKER_BACKUP_CRON: '',
};

describe('several workers on one store', () => {
  let chroma: ChromaTestServer;
  const dirs: string[] = [];
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    chroma = await startChromaTestServer();
  }, 60_000);

  afterAll(async () => {
    workers.forEach((worker) => worker.child.kill('SIGKILL'));
    await chroma?.stop();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  /** A worker on its own "machine" (its own data dir) against `storeUrl`. */
  function machine(name: string, storeUrl: string, env: Record<string, string>) {
    const dir = tempDir(name);
    dirs.push(dir);
    const logFile = join(dir, 'worker.log');
    const worker = startWorker([], {
      KIOKU_DATA_DIR: dir,
      KIOKU_LOG_FILE: logFile,
      KIOKU_VECTOR_STORE: 'chroma',
      KIOKU_CHROMA_URL: storeUrl,
      ...NO_OTHER_JOBS,
      ...env,
    });
    workers.push(worker);
    const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
    const events = (event: string) =>
      log()
        .split('\n')
        .filter((line) => line.includes(`"event":"${event}"`))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const reports = (job: JobName) => readReports(join(dir, 'worker-reports'), job);
    return { worker, log, events, reports };
  }

  it('runs each scheduled job exactly once per tick and namespace across two workers', async () => {
    const TICK_MS = 5_000;
    const env = {
      KIOKU_WORKER_NAMESPACES: 'alpha,beta',
      // Every fifth second: a tick's runs (two jobs, two namespaces) end before the next tick even on
      // a loaded machine; a run still going at the next tick would block it by design (`lock_held`).
      KIOKU_WORKER_INTEGRITY_CRON: '*/5 * * * * *',
      KIOKU_WORKER_PURGE_CRON: '*/5 * * * * *',
    };
    const machines = [machine('tick-a', chroma.url, env), machine('tick-b', chroma.url, env)];
    await waitFor(
      () => machines.every((m) => m.log().includes('"event":"worker.started"')),
      120_000,
      'both workers to start',
    );
    // From the next tick both run, for a few ticks; the last one may still be running at the stop.
    const from = Math.ceil(Date.now() / TICK_MS) * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, 4 * TICK_MS + 2_000));
    const to = Math.floor(Date.now() / TICK_MS) * TICK_MS - TICK_MS;
    machines.forEach((m) => m.worker.child.kill('SIGTERM'));
    expect(await Promise.all(machines.map((m) => m.worker.exited))).toEqual([0, 0]);

    const ticks: string[] = [];
    for (let t = from; t <= to; t += TICK_MS) ticks.push(new Date(t).toISOString());
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const job of ['integrity', 'purge-trash'] as const) {
      const all: JobReport[] = machines.flatMap((m) => m.reports(job));
      for (const namespace of ['alpha', 'beta']) {
        const okPerTick = ticks.map(
          (tick) =>
            all.filter((r) => r.namespace === namespace && r.tick === tick && r.status === 'ok').length,
        );
        expect({ job, namespace, okPerTick }).toEqual({ job, namespace, okPerTick: ticks.map(() => 1) });
      }
      // The other worker said why it did not run: the tick was taken (or the run still held the lock).
      const skipped = all.filter(
        (r) => r.status === 'skipped' && r.tick !== undefined && ticks.includes(r.tick),
      );
      expect(skipped.length).toBeGreaterThan(0);
      expect(new Set(skipped.map((r) => r.skipReason))).toContain('tick_taken');
      expect(all.filter((r) => r.status === 'failed')).toEqual([]);
    }
  }, 240_000);

  it('a SIGKILLed lease holder blocks the job only while its lease lasts; the other worker then takes the next epoch', async () => {
    const proxy = await holdingProxy(chroma.url);
    try {
      const env = { KIOKU_WORKER_NAMESPACES: 'alpha', KIOKU_WORKER_INTEGRITY_CRON: '* * * * * *' };
      const leaseSeconds = 3;
      const a = machine('kill-a', proxy.url, { ...env, KIOKU_WORKER_LEASE_SECONDS: String(leaseSeconds) });
      await waitFor(() => a.log().includes('"event":"worker.started"'), 120_000, 'worker A to start');
      const sharedStateId = await sharedStateCollectionId(chroma.url);
      expect(sharedStateId).toEqual(expect.any(String));
      // Worker A's job reads and writes now wait at the proxy; its leases and tick claims still pass.
      proxy.hold(namespaceRequests(sharedStateId!));
      const startedBefore = a.events('worker.job_started').length;
      await waitFor(
        () => a.events('worker.job_started').length > startedBefore && proxy.heldCount() > 0,
        30_000,
        'worker A to be in the middle of a run',
      );
      const started = a.events('worker.job_started').at(-1)!;
      const holder = started.lockHolder as string;
      const epoch = started.lockEpoch as number;
      expect(holder).toMatch(/\/\d+\/[0-9a-f]{8}$/);
      // B starts once A holds the lease: were both running, B (no proxy) could win every tick.
      const b = machine('kill-b', chroma.url, { ...env, KIOKU_WORKER_LEASE_SECONDS: String(leaseSeconds) });
      await waitFor(() => b.log().includes('"event":"worker.started"'), 120_000, 'worker B to start');

      a.worker.child.kill('SIGKILL');
      await a.worker.exited;
      const killedAt = Date.now();

      await waitFor(
        () => b.reports('integrity').some((r) => r.status === 'ok' && (r.lockEpoch ?? 0) > epoch),
        30_000,
        'worker B to take the job over',
      );
      const afterKill = b.reports('integrity').filter((r) => Date.parse(r.startedAt) >= killedAt);
      const takeover = afterKill.find((r) => r.status === 'ok')!;
      const blocked = afterKill.filter((r) => Date.parse(r.startedAt) < Date.parse(takeover.startedAt));
      expect(blocked.length).toBeGreaterThan(0);
      for (const report of blocked)
        expect(report).toMatchObject({
          status: 'skipped',
          skipReason: 'lock_held',
          lockHolder: holder,
          lockEpoch: epoch,
        });
      expect(takeover).toMatchObject({ status: 'ok', lockEpoch: epoch + 1 });
      expect(takeover.lockHolder).not.toBe(holder);
      // Not before the lease could have run out (renewed a third of a lease before the kill at the earliest).
      expect(Date.parse(takeover.startedAt) - killedAt).toBeGreaterThan(
        ((leaseSeconds * 2) / 3) * 1000 - 1000,
      );
    } finally {
      proxy.release();
      await proxy.close();
    }
  }, 240_000);
});
