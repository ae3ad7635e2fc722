/**
 * The backup job through the worker's own composition and runner, on the in-memory store: a gzipped
 * export in `<backup dir>/<namespace>/` (0600 in a 0700 folder), private memories left out unless
 * configured, rotation to the newest KIOKU_BACKUP_KEEP, leftovers of killed runs removed, a failed
 * write leaving no file behind, and a restore (import of the backup into an empty store) that gives
 * back every record.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AppContainer } from '@kioku/composition';
import { fileImportSource, ImportNamespaceUseCase } from '@kioku/portability';
import { PRIVATE_CANARY, seedNamespace, snapshotNamespace } from '@kioku/portability/testing';
import { CapturingLogSink, FixedClock } from '@kioku/testing-fakes';
import { parseWorkerConfig, type WorkerConfig } from '../config';
import { createWorkerContainer, workerCoordination, workerJobs } from '../container';
import { ReportWriter } from '../reports/report-writer';
import { readReports, tempDir } from '../testing/worker-test-helpers';
import { JobRunner } from './job-runner';

const NS = 'backed';
const HOUR = 3_600_000;

describe('backup job', () => {
  const dataDir = tempDir('backup');
  const clock = new FixedClock('2026-11-25T02:00:00.000Z');
  const logs = new CapturingLogSink();
  const baseEnv = { KIOKU_VECTOR_STORE: 'memory', KIOKU_DATA_DIR: dataDir, KIOKU_BACKUP_KEEP: '2' };
  const config: WorkerConfig = parseWorkerConfig(baseEnv);
  const folder = join(dataDir, 'backups', NS);
  let app: AppContainer;
  let seeded: Awaited<ReturnType<typeof seedNamespace>>;

  const runBackup = async (workerConfig: WorkerConfig = config) => {
    const { locks, ticks } = workerCoordination(app.container, workerConfig);
    const runner = new JobRunner({
      locks,
      ticks,
      reports: new ReportWriter(workerConfig.worker.reportsDir, app.logger),
      clock,
      logger: app.logger,
    });
    await runner.run(workerJobs(app.container, workerConfig).backup, NS, new AbortController().signal);
    return readReports(workerConfig.worker.reportsDir, 'backup').at(-1)!;
  };
  const lines = (file: string) =>
    gunzipSync(readFileSync(join(folder, file)))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

  beforeAll(async () => {
    app = await createWorkerContainer(config, { logSink: logs, clock });
    seeded = await seedNamespace(app.container, NS);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a gzipped export of the namespace, without private memories, readable only by its owner', async () => {
    const report = await runBackup();
    expect(report.status).toBe('ok');
    const file = 'kioku-backed-20261125T020000Z.jsonl.gz';
    expect(readdirSync(folder)).toEqual([file]);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    const content = lines(file);
    expect(content[0]).toMatchObject({
      type: 'header',
      namespace: NS,
      withVectors: true,
      includesPrivate: false,
    });
    expect(content.at(-1)).toMatchObject({ type: 'trailer' });
    const memoryIds = content.filter((l) => l.type === 'memory').map((l) => (l.memory as { id: string }).id);
    expect(memoryIds.sort()).toEqual([...seeded.publicIds].sort());
    expect(JSON.stringify(content)).not.toContain(PRIVATE_CANARY);
    expect(report.counts).toMatchObject({
      memories: seeded.publicIds.length,
      privateOmitted: seeded.privateIds.length + 1,
      removedBackups: 0,
    });
    expect(report.counts.bytes).toBe(statSync(join(folder, file)).size);
    expect(report.details).toMatchObject({ file, keep: 2, includePrivate: false, withVectors: true });
    expect(JSON.stringify(logs.records)).not.toContain(PRIVATE_CANARY);
  });

  it('keeps the newest KIOKU_BACKUP_KEEP backups and removes what killed runs left', async () => {
    writeFileSync(join(folder, 'kioku-backed-20261125T010000Z.jsonl.gz.partial-4242'), 'half');
    for (const hours of [1, 2, 3]) {
      clock.set(new Date(Date.parse('2026-11-25T02:00:00.000Z') + hours * HOUR));
      expect((await runBackup()).status).toBe('ok');
    }
    expect(readdirSync(folder)).toEqual([
      'kioku-backed-20261125T040000Z.jsonl.gz',
      'kioku-backed-20261125T050000Z.jsonl.gz',
    ]);
    // Another namespace's backups are never rotated away by this one's.
    expect(existsSync(join(dataDir, 'backups', 'other'))).toBe(false);
  });

  it('includes private memories only when configured to', async () => {
    clock.set(new Date('2026-11-25T06:00:00.000Z'));
    const withPrivate = parseWorkerConfig({ ...baseEnv, KIOKU_BACKUP_INCLUDE_PRIVATE: 'true' });
    const report = await runBackup(withPrivate);
    expect(report.counts).toMatchObject({
      memories: seeded.publicIds.length + seeded.privateIds.length,
      privateOmitted: 0,
    });
    expect(lines('kioku-backed-20261125T060000Z.jsonl.gz')[0]).toMatchObject({ includesPrivate: true });
  });

  it('restores: importing the backup into an empty store gives back every record', async () => {
    const newest = readdirSync(folder).sort().at(-1)!;
    const restoreDir = tempDir('restore');
    const restored = await createWorkerContainer(
      parseWorkerConfig({ KIOKU_VECTOR_STORE: 'memory', KIOKU_DATA_DIR: restoreDir }),
      { logSink: new CapturingLogSink(), clock },
    );
    try {
      const report = await restored.container
        .get(ImportNamespaceUseCase)
        .execute({ source: fileImportSource(join(folder, newest)) });
      expect(report.namespaces[0]).toMatchObject({ namespace: NS, vectors: 'reused' });
      expect(await snapshotNamespace(restored.container, NS)).toEqual(
        await snapshotNamespace(app.container, NS),
      );
    } finally {
      await restored.close();
      rmSync(restoreDir, { recursive: true, force: true });
    }
  });

  it('fails without leaving a file when the backup cannot be written', async () => {
    const blocked = join(dataDir, 'not-a-folder');
    writeFileSync(blocked, '');
    const report = await runBackup(parseWorkerConfig({ ...baseEnv, KIOKU_BACKUP_DIR: blocked }));
    expect(report.status).toBe('failed');
    expect(readFileSync(blocked, 'utf8')).toBe('');
  });
});
