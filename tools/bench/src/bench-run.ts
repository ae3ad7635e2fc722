/**
 * One benchmark run: a temporary data directory (never the user's ~/.kioku), the app container
 * built exactly as the apps build it, a pool of real embeddings, then for each size a fresh
 * namespace that is seeded and measured. Returns everything the report prints.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EnvSource } from '@kioku/config';
import type { Container } from 'inversify';
import { ENGINE_SETTINGS, RECALL_SETTINGS, startBenchApp } from './bench-app';
import { EMBEDDINGS_TOKENS } from '@kioku/embeddings';
import { KERNEL_TOKENS } from '@kioku/kernel';
import { MemoryRepository, RecallUseCase, RememberBatchUseCase, RememberUseCase } from '@kioku/memory';
import { VECTOR_STORE_TOKENS } from '@kioku/vector-store';
import type { BenchContext } from './bench-context';
import type { BenchOptions, BenchStore } from './lib/bench-options';
import type { BenchReport, SizeReport } from './lib/bench-report';
import { seedFill } from './lib/seed-fill';
import { KnownVectors } from './lib/known-vectors';
import { OperationProfiler } from './lib/operation-profiler';
import { profileStore } from './lib/profiled-store';
import { SeedClock } from './lib/seed-clock';
import { SeededRandom } from './lib/seeded-random';
import { SentenceGenerator } from './lib/sentence-generator';
import { targetChecks } from './lib/target-checks';
import { measureConsolidation } from './measure-consolidation';
import {
  measureBulkImport,
  measureConversationIngest,
  measureReads,
  measureWrites,
  WARM_UP_CALLS,
} from './measure-namespace';
import { seedNamespace } from './seed-namespace';
import { embedSeedPool, medianSiblingDistance, type SeedPool } from './seed-pool';

/** Settings passed through from the caller's environment; everything else is the bench's own. */
const PASSED_THROUGH = [
  'KIOKU_LOG_FILE',
  // `KIOKU_RECALL_CHAINS=0 kioku bench` measures recall without a stage.
  ...RECALL_SETTINGS,
  'KIOKU_DEDUP_DISTANCE',
  'KIOKU_LINK_DISTANCE',
  'KIOKU_MERGE_DISTANCE',
  'KIOKU_MAX_AUTO_LINKS',
  // `KIOKU_EMBEDDING_THREADS=1 kioku bench` measures ingest against the embedder on one core.
  'KIOKU_EMBEDDING_THREADS',
  // The configured engine and its model (`--embeddings` sets the engine per run).
  ...ENGINE_SETTINGS,
];
const JAPANESE_SHARE = 0.1;

/** Memories in the consolidation window measured per size: its cost per memory with a 500-memory window. */
const CONSOLIDATION_WINDOW = 500;
/** Everything but the total time, which the caller measures around the cleanup too. */
export async function runBench(
  options: BenchOptions,
  store: BenchStore,
  env: EnvSource,
  progress: (line: string) => void,
): Promise<Omit<BenchReport, 'totalSeconds'>> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-bench-'));
  const removeDataDir = () => {
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupted = () => {
    removeDataDir();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    const clock = new SeedClock();
    const seedVectors = new KnownVectors();
    const app = await startBenchApp('bench', store, dataDir, env, PASSED_THROUGH, progress, {
      clock,
      wrapEmbeddings: (provider) => seedVectors.wrap(provider),
    });
    const startupSeconds = (performance.now() - started) / 1000;
    try {
      const context = profiledContext(app.container, options.seed, progress, { clock, seedVectors });
      const pool = await embedSeedPool(
        context,
        Math.min(options.pool, Math.max(...options.sizes)),
        options.batchSize,
      );
      const sizes = await measureSizes(context, app.container, options, pool);
      const conversation =
        options.conversation > 0
          ? await measureConversationIngest(context, options.conversation, options.batchSize)
          : undefined;
      return {
        startedAt,
        ...describeSetup(options, store, context, dataDir, startupSeconds),
        pool: describePool(pool),
        sizes,
        conversation,
        checks: targetChecks(sizes, conversation),
      };
    } finally {
      await app.close();
    }
  } finally {
    process.off('SIGINT', interrupted);
    removeDataDir();
  }
}

/** The live services of the container, with the profiler around the embedder and the store. */
function profiledContext(
  container: Container,
  seed: number,
  progress: (line: string) => void,
  seeding: Pick<BenchContext, 'clock' | 'seedVectors'>,
): BenchContext {
  const random = new SeededRandom(seed);
  const context: BenchContext = {
    embeddings: container.get(EMBEDDINGS_TOKENS.EmbeddingProvider),
    store: container.get(VECTOR_STORE_TOKENS.VectorStore),
    memories: container.get(MemoryRepository),
    recall: container.get(RecallUseCase),
    remember: container.get(RememberUseCase),
    rememberBatch: container.get(RememberBatchUseCase),
    ids: container.get(KERNEL_TOKENS.IdGenerator),
    ...seeding,
    sentences: new SentenceGenerator(random, JAPANESE_SHARE),
    random,
    profiler: new OperationProfiler(),
    progress,
  };
  context.profiler.instrument(context.embeddings, 'embeddings', ['embed']);
  profileStore(context.profiler, context.store);
  return context;
}

/**
 * Each size in a fresh namespace: seeded from the pool, the rest embedded for real while the budget
 * lasts and synthetic after (or as an earlier run compared with this one was: `options.fills`), then
 * reads, writes, bulk import and consolidation measured on it.
 */
async function measureSizes(
  context: BenchContext,
  container: Container,
  options: BenchOptions,
  pool: SeedPool,
): Promise<SizeReport[]> {
  let realBudgetSeconds = options.realSeedBudgetSeconds;
  const sizes: SizeReport[] = [];
  for (const size of options.sizes) {
    const namespace = `bench-${size}`;
    const extra = Math.max(0, size - pool.entries.length);
    const fill = seedFill(size, extra / pool.perSecond, realBudgetSeconds, options.fills);
    context.progress(
      `seeding ${namespace}: ${Math.min(size, pool.entries.length)} from the pool, ${extra} more ${fill === 'real' ? 'embedded for real' : 'synthetic'}`,
    );
    const seeding = await seedNamespace(context, namespace, size, pool, fill);
    if (fill === 'real') realBudgetSeconds -= extra / pool.perSecond;
    sizes.push({
      size,
      namespace,
      fill,
      seeding,
      ...(await measureSize(context, container, namespace, size, options)),
    });
    context.progress(`${namespace} done`);
  }
  return sizes;
}

/** The measurements of one seeded namespace. */
async function measureSize(
  context: BenchContext,
  container: Container,
  namespace: string,
  size: number,
  options: BenchOptions,
): Promise<Omit<SizeReport, 'size' | 'namespace' | 'fill' | 'seeding'>> {
  const measureStarted = performance.now();
  const reads = await measureReads(context, namespace, options.queries);
  const writes = await measureWrites(context, namespace, options.queries);
  const bulk = await measureBulkImport(context, namespace, options.bulk, options.batchSize);
  const consolidation = await measureConsolidation(context, container, namespace, size, CONSOLIDATION_WINDOW);
  return {
    embed: reads.embed,
    rawQuery: reads.rawQuery,
    rawLexicalQuery: reads.rawLexicalQuery,
    rawQueryWithVectors: reads.rawQueryWithVectors,
    rawWrite: writes.rawWrite,
    recall: reads.recall,
    remember: writes.remember,
    rememberRefused: writes.rememberRefused,
    recallEmpty: reads.recallEmpty,
    recallProfile: reads.recallProfile,
    rememberProfile: writes.rememberProfile,
    bulk,
    consolidation,
    measureSeconds: (performance.now() - measureStarted) / 1000,
    samples: Object.fromEntries(
      Object.entries({ ...reads.samples, ...writes.samples }).map(([name, values]) => [
        name,
        values.map((ms) => Math.round(ms * 100) / 100),
      ]),
    ),
  };
}

/** The machine, the store and model, and the options the run used. */
function describeSetup(
  options: BenchOptions,
  store: BenchStore,
  context: BenchContext,
  dataDir: string,
  startupSeconds: number,
): Pick<
  BenchReport,
  'environment' | 'store' | 'embeddingModel' | 'dimension' | 'dataDir' | 'kept' | 'startupSeconds' | 'options'
> {
  return {
    environment: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    },
    store,
    embeddingModel: context.embeddings.modelId,
    dimension: context.embeddings.dimension,
    dataDir,
    kept: options.keep,
    startupSeconds,
    options: {
      queries: options.queries,
      warmUpCalls: WARM_UP_CALLS,
      bulk: options.bulk,
      batchSize: options.batchSize,
      conversation: options.conversation,
      pool: options.pool,
      realSeedBudgetSeconds: options.realSeedBudgetSeconds,
      seed: options.seed,
    },
  };
}

function describePool(pool: SeedPool): BenchReport['pool'] {
  return {
    size: pool.entries.length,
    seconds: pool.seconds,
    perSecond: pool.perSecond,
    batchSize: pool.batchSize,
    siblingPairs: pool.siblingDistances.length,
    siblingDistanceMedian: medianSiblingDistance(pool),
  };
}
