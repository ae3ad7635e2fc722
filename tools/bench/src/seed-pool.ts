/**
 * The pool of real embeddings that seeds every namespace: generated sentences embedded in batches.
 * Its first pairs are a sentence and a sibling (same speaker, action and topic, another time and
 * number), whose measured distances set how far synthetic vectors are moved from their real source.
 */
import type { BenchContext } from './bench-context';
import { cosineSimilarity } from './lib/vector-perturbation';
import { percentile } from './lib/percentiles';
import type { GeneratedSentence } from './lib/sentence-generator';

interface PoolEntry {
  sentence: GeneratedSentence;
  vector: number[];
}

export interface SeedPool {
  entries: PoolEntry[];
  seconds: number;
  /** Texts embedded per second in batches: the rate that decides between real and synthetic fills. */
  perSecond: number;
  batchSize: number;
  /** Cosine distances between real sibling pairs. */
  siblingDistances: number[];
}

const SIBLING_PAIRS = 64;

export async function embedSeedPool(
  context: BenchContext,
  size: number,
  batchSize: number,
): Promise<SeedPool> {
  const pairs = Math.min(SIBLING_PAIRS, Math.floor(size / 2));
  const sentences: GeneratedSentence[] = [];
  for (let i = 0; i < pairs; i++) {
    const base = context.sentences.memory();
    sentences.push(base, context.sentences.variant(base));
  }
  while (sentences.length < size) sentences.push(context.sentences.memory());

  const vectors: number[][] = [];
  const started = performance.now();
  for (let offset = 0; offset < sentences.length; offset += batchSize) {
    const batch = sentences.slice(offset, offset + batchSize);
    vectors.push(...(await context.embeddings.embed(batch.map((s) => s.text))));
    context.progress(`embedding the seed pool: ${vectors.length}/${sentences.length}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const siblingDistances = Array.from(
    { length: pairs },
    (_, i) => 1 - cosineSimilarity(vectors[2 * i], vectors[2 * i + 1]),
  );
  return {
    entries: sentences.map((sentence, i) => ({ sentence, vector: vectors[i] })),
    seconds,
    perSecond: sentences.length / seconds,
    batchSize,
    siblingDistances,
  };
}

export function medianSiblingDistance(pool: SeedPool): number {
  return percentile(pool.siblingDistances, 50);
}
