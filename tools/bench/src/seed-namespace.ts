/**
 * Fills a fresh namespace with `size` memories saved as users save them: batches through
 * remember_batch, two in flight as a bulk loader sends them, and one batch in twenty as single
 * remembers, all from one caller (one conversation thread), so the memories carry the links, the
 * thread and the lexical index that real ones do. The clock is set back while seeding, so the
 * memories are dated over the past year in the order they were saved.
 *
 * Vectors: the pool's real embeddings come first; beyond the pool, texts are embedded for real by
 * remember (when the time budget allows) or synthetic: a sibling sentence of a pool entry with the
 * pool vector moved by a measured sibling distance and re-normalised, handed to remember through
 * `KnownVectors`. A seed the duplicate guard refuses is replaced by another, so the namespace holds
 * `size` memories.
 */
import type { CallContext } from '@kioku/call-context';
import type { RememberInput } from '@kioku/memory';
import type { BenchContext } from './bench-context';
import { benchFields } from './lib/bench-memory';
import { inFlight } from './lib/in-flight';
import type { GeneratedSentence } from './lib/sentence-generator';
import { perturbUnitVector } from './lib/vector-perturbation';
import type { SeedPool } from './seed-pool';
import type { SeedingReport } from './lib/target-checks';
import type { FillMode } from './lib/seed-fill';

/** Used only when the pool is too small to measure sibling pairs. */
const FALLBACK_SIBLING_DISTANCE = 0.1;
const BATCHES_IN_FLIGHT = 2;
const SINGLES_EVERY = 20;
const SEEDED_AGE_MS = 365 * 86_400_000;

interface Seed {
  input: RememberInput;
  /** The vector remember gets for it; absent when remember embeds it with the model. */
  vector?: number[];
  synthetic: boolean;
}

export async function seedNamespace(
  context: BenchContext,
  namespace: string,
  size: number,
  pool: SeedPool,
  fill: FillMode,
): Promise<SeedingReport> {
  const started = performance.now();
  const caller: CallContext = { namespace, callerId: `bench-seed-${namespace}` };
  const distances = pool.siblingDistances.length > 0 ? pool.siblingDistances : [FALLBACK_SIBLING_DISTANCE];
  const seed = (sentence: GeneratedSentence, vector?: number[], synthetic = false): Seed => ({
    input: { content: sentence.text, ...benchFields(sentence, context.random) },
    vector,
    synthetic,
  });
  let fromPool = 0;
  const nextSeed = (): Seed => {
    if (fromPool < pool.entries.length) {
      const entry = pool.entries[fromPool++];
      return seed(entry.sentence, entry.vector);
    }
    if (fill === 'real') return seed(context.sentences.memory());
    const source = context.random.pick(pool.entries);
    return seed(
      context.sentences.variant(source.sentence),
      perturbUnitVector(source.vector, context.random.pick(distances), context.random),
      true,
    );
  };

  const report: SeedingReport = { real: 0, synthetic: 0, refused: 0, seconds: 0 };
  let saved = 0;
  let unitNumber = 0;
  const save = async (unit: Seed[]) => {
    const single = unitNumber++ % SINGLES_EVERY === SINGLES_EVERY - 1;
    context.clock.setBack(SEEDED_AGE_MS * (1 - saved / size));
    for (const s of unit) if (s.vector) context.seedVectors.set(s.input.content, s.vector);
    const results = single
      ? await sequentially(unit, (s) => context.remember.execute(s.input, caller))
      : await context.rememberBatch.execute(
          unit.map((s) => s.input),
          caller,
        );
    context.seedVectors.forget(unit.map((s) => s.input.content));
    results.forEach((result, i) => {
      if (result.status === 'error') throw result.error;
      if (result.status === 'duplicate') report.refused += 1;
      else if (unit[i].synthetic) report.synthetic += 1;
      else report.real += 1;
    });
    saved = report.real + report.synthetic;
    context.progress(`seeding ${namespace} through remember_batch and remember: ${saved}/${size}`);
  };
  try {
    // Refused seeds are replaced in further rounds, each of exactly the memories still missing.
    for (let round = 0; saved < size; round++) {
      const before = saved;
      await inFlight(batchesOf(size - saved, pool.batchSize, nextSeed), BATCHES_IN_FLIGHT, save);
      if (saved === before) throw new Error(`seeding ${namespace}: round ${round} saved nothing`);
    }
  } finally {
    context.clock.setBack(0);
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/**
 * `count` seeds in batches of `batchSize`, each made when it is about to be sent: made up front, 100k
 * seeds with their vectors took over a gigabyte of heap, which the measurements then ran beside.
 */
function* batchesOf(count: number, batchSize: number, nextSeed: () => Seed): Generator<Seed[]> {
  for (let left = count; left > 0; left -= batchSize) {
    yield Array.from({ length: Math.min(batchSize, left) }, nextSeed);
  }
}

/** Each item's result, one call after the other (single remembers keep their order). */
async function sequentially<T, R>(items: readonly T[], call: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await call(item));
  return results;
}
