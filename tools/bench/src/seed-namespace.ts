/**
 * Fills a fresh namespace with `size` memories in the real record format (memory codec, memories
 * collection opened through the repository so it carries the model guard). The pool's real
 * embeddings come first; beyond the pool, records are either embedded for real (when the time
 * budget allows) or synthetic: a sibling sentence of a pool entry with the pool vector moved by a
 * measured sibling distance and re-normalised.
 */
import { collectionName } from '@kioku/namespace-storage';
import { toDocument, toMetadata } from '@kioku/memory';
import type { VectorRecord } from '@kioku/vector-store';
import type { BenchContext } from './bench-context';
import { benchMemory } from './lib/bench-memory';
import type { GeneratedSentence } from './lib/sentence-generator';
import { perturbUnitVector } from './lib/vector-perturbation';
import type { SeedPool } from './seed-pool';
import type { SeedingReport } from './lib/target-checks';
import type { FillMode } from './lib/bench-report';

const UPSERT_BATCH = 500;
/** Used only when the pool is too small to measure sibling pairs. */
const FALLBACK_SIBLING_DISTANCE = 0.1;

export async function seedNamespace(
  context: BenchContext,
  namespace: string,
  size: number,
  pool: SeedPool,
  fill: FillMode,
): Promise<SeedingReport> {
  const started = performance.now();
  await context.memories.open(namespace);
  const collection = collectionName(namespace, 'memories');
  const now = context.clock.now();
  const record = (sentence: GeneratedSentence, vector: number[]): VectorRecord => {
    const memory = benchMemory(sentence, context.random, {
      id: context.ids.next('mem'),
      now,
      embeddingModel: context.embeddings.modelId,
    });
    return { id: memory.id, vector, metadata: toMetadata(memory), document: toDocument(memory) };
  };

  const distances = pool.siblingDistances.length > 0 ? pool.siblingDistances : [FALLBACK_SIBLING_DISTANCE];
  const real = Math.min(size, pool.entries.length);
  let written = 0;
  const write = async (records: VectorRecord[]) => {
    await context.store.upsert(collection, records);
    written += records.length;
    context.progress(`seeding ${namespace}: ${written}/${size}`);
  };

  for (let offset = 0; offset < real; offset += UPSERT_BATCH) {
    await write(
      pool.entries
        .slice(offset, Math.min(real, offset + UPSERT_BATCH))
        .map((e) => record(e.sentence, e.vector)),
    );
  }

  let embeddedExtra = 0;
  while (written < size) {
    const count = Math.min(fill === 'real' ? pool.batchSize : UPSERT_BATCH, size - written);
    if (fill === 'real') {
      const sentences = Array.from({ length: count }, () => context.sentences.memory());
      const vectors = await context.embeddings.embed(sentences.map((s) => s.text));
      embeddedExtra += count;
      await write(sentences.map((s, i) => record(s, vectors[i])));
    } else {
      const records = Array.from({ length: count }, () => {
        const source = context.random.pick(pool.entries);
        const distance = context.random.pick(distances);
        return record(
          context.sentences.variant(source.sentence),
          perturbUnitVector(source.vector, distance, context.random),
        );
      });
      await write(records);
    }
  }
  return {
    real: real + embeddedExtra,
    synthetic: size - real - embeddedExtra,
    seconds: (performance.now() - started) / 1000,
  };
}
