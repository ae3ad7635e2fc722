/**
 * Each job against the in-memory store, through the worker's own composition (the shared app
 * container with the local model) and runner: the report carries the expected counts and ids;
 * auto-forget in report mode deletes nothing, in execute mode drops exactly what its scan listed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContainer } from '@kioku/composition';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { AutoForgetSweep, evaluate, TrashRepository } from '@kioku/forgetting';
import { LinkRepository } from '@kioku/links';
import { legacyLinkRecord } from '@kioku/links/testing';
import { collectionName } from '@kioku/namespace-storage';
import {
  DIMENSION_KEY,
  MemoryRepository,
  MODEL_KEY,
  RememberUseCase,
  toDocument,
  toMetadata,
  type Memory,
} from '@kioku/memory';
import { CapturingLogSink, FixedClock } from '@kioku/testing-fakes';
import { LeaseLostError } from '@kioku/shared-state-store';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import { parseWorkerConfig, type AutoForgetMode, type JobName, type WorkerConfig } from '../config';
import { createWorkerContainer, workerCoordination, workerJobs } from '../container';
import { ReportWriter } from '../reports/report-writer';
import { lockFiles, readReports, tempDir } from '../testing/worker-test-helpers';
import { DROP_BATCH_SIZE } from './auto-forget.job';
import { JobRunner } from './job-runner';

const DAY = 86_400_000;

describe('worker jobs on the in-memory store', () => {
  const dataDir = tempDir('jobs');
  const config: WorkerConfig = parseWorkerConfig({
    KIOKU_VECTOR_STORE: 'memory',
    KIOKU_DATA_DIR: dataDir,
    KIOKU_LOG_LEVEL: 'debug',
    KIOKU_TRASH_RETENTION_DAYS: '30',
  });
  const clock = new FixedClock('2026-06-01T12:00:00.000Z');
  const logs = new CapturingLogSink();
  let app: AppContainer;
  let runner: JobRunner;
  let repo: MemoryRepository;

  const jobs = (mode: AutoForgetMode = 'report') =>
    workerJobs(app.container, { ...config, worker: { ...config.worker, autoForgetMode: mode } });
  const run = (
    job: JobName,
    namespace: string,
    mode?: AutoForgetMode,
    signal = new AbortController().signal,
  ) => runner.run(jobs(mode)[job], namespace, signal);

  /** Saves a memory directly, `ageDays` old (never accessed), with the real model's vector. */
  const seed = async (
    namespace: string,
    ageDays: number,
    fields: Partial<Memory> = {},
    vector?: number[],
  ): Promise<Memory> => {
    const createdAt = new Date(clock.now().getTime() - ageDays * DAY).toISOString();
    const memory: Memory = {
      id: `mem_${randomBytes(6).toString('hex')}`,
      content: `Seeded memory ${randomBytes(4).toString('hex')} from ${ageDays} days ago`,
      createdAt,
      updatedAt: createdAt,
      category: 'daily',
      importance: 3,
      emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
      tags: [],
      isPrivate: false,
      accessCount: 0,
      lastAccessedAt: null,
      embeddingModel: app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider).modelId,
      ...fields,
    };
    const [embedded] = vector
      ? [vector]
      : await app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider).embed([memory.content]);
    await repo.save(namespace, memory, embedded, { isNew: true });
    return memory;
  };

  /** A drop, a fading, a fresh, a pinned and a protected-category memory. */
  const seedPolicySpread = async (namespace: string) => ({
    oldA: await seed(namespace, 200),
    oldB: await seed(namespace, 120, { importance: 2 }),
    fading: await seed(namespace, 60),
    fresh: await seed(namespace, 2),
    pinned: await seed(namespace, 400, { importance: 5 }),
    lesson: await seed(namespace, 400, { category: 'lesson' }),
  });

  const allIds = async (namespace: string) => {
    const ids: string[] = [];
    for await (const page of repo.pages(namespace, 100)) ids.push(...page.map((m) => m.id));
    return ids.sort();
  };

  const allLinks = (namespace: string) => app.container.get(LinkRepository).findAll(namespace);

  beforeAll(async () => {
    app = await createWorkerContainer(config, { logSink: logs, clock });
    repo = app.container.get(MemoryRepository);
    const { locks, ticks } = workerCoordination(app.container, config);
    runner = new JobRunner({
      locks,
      ticks,
      reports: new ReportWriter(config.worker.reportsDir, app.logger),
      clock,
      logger: app.logger,
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => expect(lockFiles(config.worker.locksDir)).toEqual([]));

  it('consolidate: replays the window and reports counts and ids', async () => {
    const remember = app.container.get(RememberUseCase);
    const context = { namespace: 'consolidate', callerId: 'test' };
    const saved: string[] = [];
    for (const content of [
      'We planned the garden layout together in the morning.',
      'The tomatoes need more sun than the herbs do.',
      'Finished the quarterly tax forms before lunch.',
    ]) {
      const result = await remember.execute({ content }, context);
      if (result.status !== 'saved') throw new Error('not saved');
      saved.push(result.memory.id);
      clock.advance(60_000);
    }
    const report = await run('consolidate', 'consolidate');
    expect(report).toMatchObject({
      job: 'consolidate',
      namespace: 'consolidate',
      status: 'ok',
      counts: { replayed: 3, mergeCandidates: 0 },
      ids: { fading: [] },
      entries: { mergeCandidates: [] },
      details: { windowHours: 24 },
    });
    expect(report.counts.linksCreated + report.counts.linksStrengthened).toBeGreaterThanOrEqual(2);
    const links = await allLinks('consolidate');
    expect(links.filter((l) => l.type === 'related').length).toBeGreaterThanOrEqual(4);
    expect(readReports(config.worker.reportsDir, 'consolidate').at(-1)).toEqual(report);

    // Running it again changes nothing more.
    const again = await run('consolidate', 'consolidate');
    expect(again.counts).toMatchObject({ replayed: 3, linksCreated: 0, linksStrengthened: 0 });
  });

  it('consolidate: lists near-duplicates and fading memories by id', async () => {
    const a = await seed('near-dup', 0.1, {
      content: 'The cat sleeps on the warm windowsill every afternoon.',
    });
    const b = await seed('near-dup', 0.05, {
      content: 'The cat sleeps on the warm windowsill every afternoon!',
    });
    const fading = await seed('near-dup', 60);
    const report = await run('consolidate', 'near-dup');
    expect(report.counts).toMatchObject({ mergeCandidates: 1, fading: 1 });
    const [pair] = report.entries!.mergeCandidates;
    expect([pair.id, pair.otherId].sort()).toEqual([a.id, b.id].sort());
    expect(pair.similarity).toBeGreaterThan(0.9);
    expect(report.ids).toEqual({ fading: [fading.id] });
  });

  it('auto-forget in report mode: reports what the policy says and deletes nothing', async () => {
    const seeded = await seedPolicySpread('af-report');
    const before = await allIds('af-report');
    const report = await run('auto-forget', 'af-report', 'report');
    expect(report).toMatchObject({
      status: 'ok',
      counts: { scanned: 6, toDrop: 2, toCompress: 1 },
      details: { mode: 'report' },
    });
    expect(report.counts).not.toHaveProperty('dropped');
    expect(report.ids).toBeUndefined();
    expect(report.entries!.samplesToDrop.map((s) => s.id).sort()).toEqual(
      [seeded.oldA.id, seeded.oldB.id].sort(),
    );
    expect(report.entries!.samplesToCompress.map((s) => s.id)).toEqual([seeded.fading.id]);
    const sample = report.entries!.samplesToDrop.find((s) => s.id === seeded.oldA.id)!;
    const verdict = evaluate(seeded.oldA, clock.now(), ['lesson']);
    expect(sample).toEqual({
      id: seeded.oldA.id,
      risk: Math.round(verdict.risk * 100) / 100,
      heat: Math.round(verdict.heat * 100) / 100,
      days: Math.round(verdict.days * 100) / 100,
    });
    expect(await allIds('af-report')).toEqual(before);
  });

  it('auto-forget in execute mode: drops exactly what the scan listed, re-checked, into the trash', async () => {
    const seeded = await seedPolicySpread('af-execute');
    const sweep = app.container.get(AutoForgetSweep);
    const realScan = sweep.scan.bind(sweep);
    let lateComer: Memory | undefined;
    const scan = jest.spyOn(sweep, 'scan').mockImplementation(async (namespace, now) => {
      const result = await realScan(namespace, now);
      // Between the scan and the drop: oldB is recalled (so no longer due), and a new droppable
      // memory appears (not listed by the scan, so not dropped by this run).
      await repo.patch(namespace, [
        { id: seeded.oldB.id, metadata: { accessCount: 3, lastAccessedAt: clock.now().toISOString() } },
      ]);
      lateComer = await seed(namespace, 300);
      return result;
    });
    try {
      const report = await run('auto-forget', 'af-execute', 'execute');
      expect(report).toMatchObject({
        status: 'ok',
        counts: { scanned: 6, toDrop: 2, toCompress: 1, dropped: 1, kept: 1, notAttempted: 0 },
        ids: { dropped: [seeded.oldA.id], kept: [seeded.oldB.id] },
        details: { mode: 'execute' },
      });
    } finally {
      scan.mockRestore();
    }
    const remaining = await allIds('af-execute');
    expect(remaining).toEqual(
      [seeded.oldB, seeded.fading, seeded.fresh, seeded.pinned, seeded.lesson, lateComer!]
        .map((m) => m.id)
        .sort(),
    );
    expect(await app.container.get(TrashRepository).get('af-execute', seeded.oldA.id)).toMatchObject({
      reason: 'auto_forget',
      memory: { id: seeded.oldA.id },
    });
  });

  it('auto-forget in execute mode stops between batches on shutdown', async () => {
    const [vector] = await app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider).embed(['old']);
    for (let i = 0; i < DROP_BATCH_SIZE + 10; i++) await seed('af-abort', 200, {}, vector);
    const shutdown = new AbortController();
    const sweep = app.container.get(AutoForgetSweep);
    const realDrop = sweep.drop.bind(sweep);
    const drop = jest.spyOn(sweep, 'drop').mockImplementation(async (...args) => {
      const result = await realDrop(...args);
      shutdown.abort();
      return result;
    });
    try {
      const report = await run('auto-forget', 'af-abort', 'execute', shutdown.signal);
      expect(report).toMatchObject({
        status: 'interrupted',
        counts: { toDrop: DROP_BATCH_SIZE + 10, dropped: DROP_BATCH_SIZE, notAttempted: 10 },
      });
      expect(drop).toHaveBeenCalledTimes(1);
    } finally {
      drop.mockRestore();
    }
    expect(await allIds('af-abort')).toHaveLength(10);
  });

  it('a lost lease stops each job before its next write batch: what was written stays, nothing more is', async () => {
    const [vector] = await app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider).embed(['old']);
    for (let i = 0; i < DROP_BATCH_SIZE + 10; i++) await seed('af-fenced', 200, {}, vector);
    /** A fence that lets `allowed` write batches through, then reports the lease lost. */
    const fence = (allowed: number) => {
      let calls = 0;
      return () => (++calls > allowed ? Promise.reject(new LeaseLostError('job')) : Promise.resolve());
    };
    const never = new AbortController().signal;
    await expect(jobs('execute')['auto-forget'].run('af-fenced', never, fence(1))).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    expect(await allIds('af-fenced')).toHaveLength(10);

    const a = await seed('fenced', 0.1);
    const b = await seed('fenced', 0.05);
    await expect(jobs().consolidate.run('fenced', never, fence(0))).rejects.toBeInstanceOf(LeaseLostError);
    await expect(jobs()['purge-trash'].run('fenced', never, fence(0))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await allLinks('fenced')).toEqual([]);
    await expect(jobs().integrity.run('fenced', never, fence(0))).rejects.toBeInstanceOf(LeaseLostError);
    // With the lease held, the same runs write.
    await jobs().consolidate.run('fenced', never);
    expect((await allLinks('fenced')).map((l) => [l.sourceId, l.targetId].sort())).toContainEqual(
      [a.id, b.id].sort(),
    );
  });

  it('purge-trash: purges trash entries past the retention period', async () => {
    const start = clock.now();
    try {
      const old = [await seed('purge', 200), await seed('purge', 300)];
      expect((await run('auto-forget', 'purge', 'execute')).counts.dropped).toBe(2);
      expect(await run('purge-trash', 'purge')).toMatchObject({
        status: 'ok',
        counts: { purged: 0 },
        details: { retentionDays: 30 },
      });
      clock.advanceDays(31);
      expect((await run('purge-trash', 'purge')).counts).toEqual({ purged: 2 });
      for (const memory of old)
        expect(await app.container.get(TrashRepository).get('purge', memory.id)).toBeNull();
    } finally {
      clock.set(start);
    }
  });

  it('integrity: merges per-direction link records of older stores, removes dangling links, reports it', async () => {
    const [a, b, c] = [await seed('integrity', 1), await seed('integrity', 1), await seed('integrity', 1)];
    const store = app.container.get(VECTOR_STORE_TOKENS.VectorStore);
    const linksCollection = collectionName('integrity', 'links');
    await store.ensureCollection(linksCollection, { dimension: 1, metadata: { kind: 'kioku-links' } });
    // What kioku wrote before pair records: one record per direction, every field a key.
    const legacy = (sourceId: string, targetId: string) =>
      legacyLinkRecord(sourceId, targetId, { note: 'legacy', createdAt: clock.now().toISOString() });
    const [first, second] = [a.id, b.id].sort();
    const [low, high] = [a.id, c.id].sort();
    await store.upsert(linksCollection, [
      legacy(first, second),
      legacy(second, first),
      legacy(high, low), // one-sided: only the direction an older kioku stored second
      legacy(a.id, 'mem_0000deadbeef'),
      legacy('mem_0000deadbeef', a.id),
    ]);

    const report = await run('integrity', 'integrity');
    expect(report).toMatchObject({
      status: 'ok',
      counts: {
        legacyLinkRecordsMerged: 3,
        linksChecked: 3,
        danglingLinksRemoved: 1,
        interruptedDeletionsCompleted: 0,
        interruptedRestoresCompleted: 0,
        episodeIdsDropped: 0,
        linkIndexEntriesAdded: 0,
        linkIndexEntriesRemoved: 0,
        tagKeysRebuilt: 0,
        lexicalEntriesAdded: 0,
        lexicalEntriesRemoved: 0,
        memoriesRelinked: 0,
        autoLinksRestored: 0,
      },
    });
    const pairs = (await store.find(linksCollection, { limit: 10 })).records.map((r) => r.id).sort();
    expect(pairs).toEqual([`${first}>${second}>related`, `${low}>${high}>related`].sort());
    const after = await allLinks('integrity');
    expect(after.map((l) => `${l.sourceId}>${l.targetId}:${l.note}`).sort()).toEqual(
      [`${a.id}>${b.id}`, `${b.id}>${a.id}`, `${a.id}>${c.id}`, `${c.id}>${a.id}`]
        .map((k) => `${k}:legacy`)
        .sort(),
    );
    expect((await run('integrity', 'integrity')).counts).toMatchObject({
      legacyLinkRecordsMerged: 0,
      linksChecked: 2,
      danglingLinksRemoved: 0,
    });
  });

  it('reembed: a namespace already on the configured model is up to date', async () => {
    await seed('reembed', 1);
    const report = await run('reembed', 'reembed');
    expect(report).toMatchObject({
      status: 'ok',
      counts: { reembedded: 0 },
      details: { status: 'up_to_date', resumed: false },
    });
    expect(report.details!.fromModel).toBe(report.details!.toModel);
  });

  it('reembed: re-embeds a namespace written by another model, then it opens with the configured one', async () => {
    const store = app.container.get(VECTOR_STORE_TOKENS.VectorStore);
    const collection = collectionName('reembed-old', 'memories');
    await store.ensureCollection(collection, {
      dimension: 3,
      metadata: { [MODEL_KEY]: 'fake:old-model', [DIMENSION_KEY]: 3, kind: 'kioku-memories' },
    });
    const old: Memory[] = [];
    for (let i = 0; i < 3; i++) {
      const createdAt = clock.now().toISOString();
      old.push({
        id: `mem_00000000000${i}`,
        content: `A memory embedded by the old model, number ${i}`,
        createdAt,
        updatedAt: createdAt,
        category: 'daily',
        importance: 3,
        emotion: { primary: 'neutral', secondary: [], intensity: 0.3, valence: 0, arousal: 0.3 },
        tags: [],
        isPrivate: false,
        accessCount: 0,
        lastAccessedAt: null,
        embeddingModel: 'fake:old-model',
      });
    }
    await store.upsert(
      collection,
      old.map((m) => ({ id: m.id, vector: [1, 0, 0], metadata: toMetadata(m), document: toDocument(m) })),
    );
    await expect(repo.count('reembed-old')).rejects.toMatchObject({ code: 'MODEL_MISMATCH' });

    const modelId = app.container.get(EMBEDDINGS_TOKENS.EmbeddingProvider).modelId;
    const report = await run('reembed', 'reembed-old');
    expect(report).toMatchObject({
      status: 'ok',
      counts: { reembedded: 3, total: 3 },
      details: { status: 'done', fromModel: 'fake:old-model', toModel: modelId, resumed: false },
    });
    expect(await allIds('reembed-old')).toEqual(old.map((m) => m.id).sort());
  });

  it('never writes memory content or tags to a report or a log, private or public', async () => {
    const canary = `CANARY${randomBytes(6).toString('hex')}`;
    const namespace = 'canary';
    const remember = app.container.get(RememberUseCase);
    const context = { namespace, callerId: 'test' };
    const recent = [];
    for (const isPrivate of [true, false]) {
      const result = await remember.execute(
        {
          content: `Remember the ${canary} code for the storage unit by the harbour.`,
          tags: [`tag-${canary}`],
          private: isPrivate,
          force: true,
        },
        context,
      );
      if (result.status !== 'saved') throw new Error('not saved');
      recent.push(result.memory.id);
    }
    const old = [
      await seed(namespace, 200, {
        content: `An old private ${canary} note`,
        isPrivate: true,
        tags: [canary],
      }),
      await seed(namespace, 200, { content: `An old public ${canary} note`, tags: [canary] }),
      await seed(namespace, 60, { content: `A fading ${canary} thought`, tags: [canary] }),
    ];
    const logsBefore = logs.records.length;
    const start = clock.now();
    const reports = [];
    try {
      reports.push(await run('consolidate', namespace));
      reports.push(await run('auto-forget', namespace, 'report'));
      reports.push(await run('auto-forget', namespace, 'execute'));
      reports.push(await run('integrity', namespace));
      clock.advanceDays(31);
      reports.push(await run('purge-trash', namespace));
      reports.push(await run('reembed', namespace));
    } finally {
      clock.set(start);
    }
    expect(reports.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    // The canary memories were really handled: listed and dropped by id.
    const [consolidated, , executed, , purged] = reports;
    const pair = consolidated.entries!.mergeCandidates[0];
    expect([pair.id, pair.otherId].sort()).toEqual([...recent].sort());
    expect(consolidated.ids!.fading).toEqual([old[2].id]);
    expect(executed.ids!.dropped.sort()).toEqual([old[0].id, old[1].id].sort());
    expect(purged.counts.purged).toBe(2);

    const reportFiles = readdirSync(config.worker.reportsDir).map((f) =>
      readFileSync(join(config.worker.reportsDir, f), 'utf8'),
    );
    expect(reportFiles.join('\n')).toContain(old[0].id);
    expect(reportFiles.join('\n')).not.toContain(canary);
    const workerLogs = logs.records.slice(logsBefore).map((r) => JSON.stringify(r));
    expect(workerLogs.join('\n')).toContain('"event":"worker.job_report"');
    expect(workerLogs.filter((line) => line.includes(canary))).toEqual([]);
    expect(existsSync(config.worker.reportsDir)).toBe(true);
  });
});
