/**
 * The worker as a real process: `--once` on the embedded default (the in-process store) exits 0 and writes
 * its report; configuration errors stop it with one line and exit 2; a held lock makes the run
 * `skipped`; SIGTERM during a scheduled run lets the running step finish, starts nothing new, leaves
 * no lock behind and exits 0.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startChromaTestServer, type ChromaTestServer } from '@kioku/vector-store-chroma/testing';
import { jobLockPath, tryJobLock } from './jobs/job-lock';
import { holdingProxy, type HoldingProxy } from './testing/holding-proxy';
import { namespaceRequests, sharedStateCollectionId } from './testing/shared-state-requests';
import { runWorker, startWorker } from './testing/worker-process';
import { lockFiles, readReports, tempDir, waitFor } from './testing/worker-test-helpers';

describe('kioku worker as a process', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = tempDir('process');
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('--once integrity on the embedded default exits 0, prints and writes its report, and cleans up', async () => {
    const dir = dataDir();
    const { code, stdout, stderr } = await runWorker(['--once', 'integrity'], { KIOKU_DATA_DIR: dir });
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    const [report] = readReports(join(dir, 'worker-reports'), 'integrity');
    expect(report).toMatchObject({
      job: 'integrity',
      namespace: 'default',
      status: 'ok',
      counts: { linksChecked: 0, danglingLinksRemoved: 0, legacyLinkRecordsMerged: 0 },
    });
    expect(JSON.parse(stdout.trim())).toEqual(report);
    expect(stderr).toContain('"event":"worker.job_report"');
    expect(lockFiles(join(dir, 'worker-locks'))).toEqual([]);
    // The default store is a file of the data dir: no server was started, none is left.
    expect(existsSync(join(dir, 'store.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'chroma-server.json'))).toBe(false);
  }, 120_000);

  it.each([
    [
      ['--once', 'vacuum'],
      {},
      /^kioku worker: CONFIG_INVALID: Invalid configuration: --once: .*\(got "vacuum"\)\n$/,
    ],
    [
      ['--once', 'integrity'],
      { KIOKU_WORKER_PURGE_CRON: '0 25 * * *' },
      /^kioku worker: CONFIG_INVALID: Invalid configuration: KIOKU_WORKER_PURGE_CRON: not a valid cron expression \(.*hour.*\).*\(got "0 25 \* \* \*"\)\n$/,
    ],
    [
      [],
      {
        KIOKU_WORKER_CONSOLIDATE_CRON: '',
        KIOKU_WORKER_AUTO_FORGET_CRON: '',
        KIOKU_WORKER_PURGE_CRON: '',
        KIOKU_WORKER_INTEGRITY_CRON: '',
        KIOKU_WORKER_BACKUP_CRON: '',
      },
      /^kioku worker: CONFIG_INVALID: .*no job has a schedule .*--once <job>\n$/,
    ],
  ])(
    'refuses %j %j with one line on stderr and exit code 2',
    async (args, env, message) => {
      const dir = dataDir();
      const { code, stdout, stderr } = await runWorker(args, { KIOKU_DATA_DIR: dir, ...env });
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
      expect(existsSync(join(dir, 'chroma'))).toBe(false);
    },
    60_000,
  );

  it('--once skips (exit 0, report `skipped`) while another process holds the job’s lock', async () => {
    const dir = dataDir();
    const release = await tryJobLock(jobLockPath(join(dir, 'worker-locks'), 'auto-forget', 'default'));
    expect(release).not.toBeNull();
    try {
      const { code, stdout } = await runWorker(['--once', 'auto-forget'], {
        KIOKU_DATA_DIR: dir,
        KIOKU_VECTOR_STORE: 'memory',
      });
      expect(code).toBe(0);
      expect(JSON.parse(stdout.trim())).toMatchObject({ status: 'skipped', lockHolderPid: process.pid });
    } finally {
      release?.();
    }
  }, 60_000);

  describe('SIGTERM during a scheduled run', () => {
    let chroma: ChromaTestServer;
    let proxy: HoldingProxy;

    beforeAll(async () => {
      chroma = await startChromaTestServer();
      proxy = await holdingProxy(chroma.url);
    }, 60_000);

    afterAll(async () => {
      await proxy?.close();
      await chroma?.stop();
    });

    it('finishes the step in progress, starts nothing new, releases the lock and exits 0', async () => {
      const dir = dataDir();
      const logFile = join(dir, 'worker.log');
      const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
      const startedRuns = () =>
        log()
          .split('\n')
          .filter((line) => line.includes('"event":"worker.job_started"'))
          .map((line) => JSON.parse(line) as { namespace: string; tick: string; lockEpoch?: number });
      let heldRun: { namespace: string; tick: string; lockEpoch?: number } | undefined;
      const worker = startWorker([], {
        KIOKU_DATA_DIR: dir,
        KIOKU_LOG_FILE: logFile,
        KIOKU_VECTOR_STORE: 'chroma',
        KIOKU_CHROMA_URL: proxy.url,
        KIOKU_WORKER_NAMESPACES: 'alpha,beta',
        KIOKU_WORKER_INTEGRITY_CRON: '* * * * * *',
        KIOKU_WORKER_CONSOLIDATE_CRON: '',
        KIOKU_WORKER_AUTO_FORGET_CRON: '',
        KIOKU_WORKER_PURGE_CRON: '',
        KIOKU_WORKER_BACKUP_CRON: '',
      });
      try {
        await waitFor(() => log().includes('"event":"worker.started"'), 60_000, 'the worker to start');
        await waitFor(() => startedRuns().length > 0, 10_000, 'a first run');
        // From now on the namespaces' data answers only when the test says so (the job's lease and tick
        // claims still pass): the next run stops mid-step.
        proxy.hold(namespaceRequests((await sharedStateCollectionId(chroma.url))!));
        const before = startedRuns().length;
        await waitFor(
          () => startedRuns().length > before && proxy.heldCount() > 0,
          10_000,
          'a run to be waiting on the store',
        );
        heldRun = startedRuns().at(-1);
        expect(heldRun).toMatchObject({ namespace: expect.any(String), lockEpoch: expect.any(Number) });

        worker.child.kill('SIGTERM');
        await new Promise((r) => setTimeout(r, 1_500));
        expect(worker.child.exitCode).toBeNull(); // still finishing its step
        expect(log()).toContain('"event":"worker.stopping"');

        proxy.release();
        expect(await worker.exited).toBe(0);
      } finally {
        proxy.release();
        worker.child.kill('SIGKILL');
      }
      // The held run completed; its tick started no later namespace, and no tick came after.
      const reports = readReports(join(dir, 'worker-reports'), 'integrity');
      const ofHeldTick = reports.filter((r) => r.tick === heldRun?.tick);
      expect(ofHeldTick.at(-1)).toMatchObject({ namespace: heldRun?.namespace, status: 'ok' });
      expect(ofHeldTick.filter((r) => r.namespace > heldRun!.namespace)).toEqual([]);
      expect(reports.filter((r) => r.tick! > heldRun!.tick)).toEqual([]);
      expect(lockFiles(join(dir, 'worker-locks'))).toEqual([]);
      expect(log()).toContain('"event":"worker.stopped"');
      // The lease was released, not left to run out (60 s): a run right after takes the next epoch.
      const next = await runWorker(['--once', 'integrity', '--namespace', heldRun!.namespace], {
        KIOKU_DATA_DIR: dir,
        KIOKU_VECTOR_STORE: 'chroma',
        KIOKU_CHROMA_URL: chroma.url,
      });
      expect(JSON.parse(next.stdout.trim())).toMatchObject({
        status: 'ok',
        lockEpoch: heldRun!.lockEpoch! + 1,
      });
    }, 120_000);
  });
});
