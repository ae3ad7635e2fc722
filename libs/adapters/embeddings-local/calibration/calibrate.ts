/**
 * Calibrates the local provider's distance thresholds (behaviour §4) on the labelled pairs in pairs.json
 * and checks Japanese recall on recall.json. Prints distance distributions per label, precision and
 * recall of the duplicate / merge / link decisions at candidate thresholds, and the embedder's speed.
 *
 *   node --import tsx libs/adapters/embeddings-local/calibration/calibrate.ts [--markdown]
 *
 * The dedup decision is reported three ways: the raw embedding distance alone; with the domain's
 * surface-overlap floor (character-trigram Jaccard similarity ≥ floor); and with that floor plus an
 * approximation of the domain's number/date/negation exception (the real rule lives in the memory
 * domain; this copy only shows how much of the near-miss problem such a rule removes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LocalEmbeddingProvider, LOCAL_CALIBRATED_THRESHOLDS } from '../src';
import { loadUseLiteEncoder } from '../src/lib/use-lite-encoder';
import {
  differsInNumberDateOrNegation,
  languageGroup,
  trigramSimilarity,
  type LanguageGroup,
} from './pair-measures';

type Label = 'paraphrase' | 'near-miss' | 'related' | 'unrelated' | 'cross-lingual';
interface Pair {
  label: Label;
  a: string;
  b: string;
}
interface Measured extends Pair {
  distance: number;
  /** The distance USE-lite alone gives (what the composite improves on). */
  modelDistance: number;
  trigram: number;
  exception: boolean;
  group: LanguageGroup;
}

const here = __dirname;
const pairs = (JSON.parse(readFileSync(join(here, 'pairs.json'), 'utf8')) as { pairs: Pair[] }).pairs;
const recallSet = JSON.parse(readFileSync(join(here, 'recall.json'), 'utf8')) as {
  memories: string[];
  queries: { query: string; expected: number }[];
};
const markdown = process.argv.includes('--markdown');
const out = (line = '') => process.stdout.write(`${line}\n`);

const TRIGRAM_FLOORS = [0.1, 0.2];
const DEDUP_CANDIDATES = [0.05, 0.1, 0.125, 0.15, 0.17, 0.2, 0.25, 0.3];
const MERGE_CANDIDATES = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35];
const LINK_CANDIDATES = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6];

type Rule = [name: string, decides: (pair: Measured, threshold: number) => boolean];

async function main(): Promise<void> {
  const provider = new LocalEmbeddingProvider();
  const loadStart = performance.now();
  await provider.init();
  const loadMs = performance.now() - loadStart;
  const measured = await measurePairs(provider);

  out(`# Local embedding calibration (${provider.modelId}, ${provider.dimension} dimensions)`);
  out();
  out(`${pairs.length} labelled pairs; distances are cosine distances (1 − cosine similarity).`);
  out();
  distributionTable(measured);
  seedPairs(measured);
  decisionTables(measured);
  await recallCheck(provider);
  await speed(provider, loadMs);

  out(`## Chosen thresholds`);
  out();
  out(
    `dedupDistance ${LOCAL_CALIBRATED_THRESHOLDS.dedupDistance}, mergeDistance ${LOCAL_CALIBRATED_THRESHOLDS.mergeDistance}, linkDistance ${LOCAL_CALIBRATED_THRESHOLDS.linkDistance}`,
  );
  if (!markdown) everyPair(measured);
}

/** Each pair's distance under the provider and under USE-lite alone, with its surface measures. */
async function measurePairs(provider: LocalEmbeddingProvider): Promise<Measured[]> {
  const texts = [...new Set(pairs.flatMap((pair) => [pair.a, pair.b]))];
  const vectors = new Map<string, number[]>();
  (await provider.embed(texts)).forEach((vector, index) => vectors.set(texts[index], vector));

  const encoder = await loadUseLiteEncoder();
  const modelVectors = new Map<string, number[]>();
  (await encoder.encode(texts)).forEach((vector, index) => modelVectors.set(texts[index], vector));

  return pairs.map((pair) => ({
    ...pair,
    distance: 1 - dot(vectors.get(pair.a)!, vectors.get(pair.b)!),
    modelDistance: 1 - dot(modelVectors.get(pair.a)!, modelVectors.get(pair.b)!),
    trigram: trigramSimilarity(pair.a, pair.b),
    exception: differsInNumberDateOrNegation(pair.a, pair.b),
    group: languageGroup(pair.a, pair.b),
  }));
}

/** Precision and recall of the duplicate guard, the merge proposal and the auto-link at candidate thresholds. */
function decisionTables(measured: Measured[]): void {
  const evaluable = measured.filter((pair) => pair.label !== 'cross-lingual');
  const embeddingOnly: Rule = ['embedding only', (pair, threshold) => pair.distance < threshold];
  out('## Duplicate guard (positives: paraphrase; negatives: near-miss, related, unrelated)');
  out();
  const dedupRules: Rule[] = [
    embeddingOnly,
    ...TRIGRAM_FLOORS.map((floor): Rule => [
      `+ trigram ≥ ${floor}`,
      (pair, threshold) => pair.distance < threshold && pair.trigram >= floor,
    ]),
    ...TRIGRAM_FLOORS.map((floor): Rule => [
      `+ trigram ≥ ${floor} + exception`,
      (pair, threshold) => pair.distance < threshold && pair.trigram >= floor && !pair.exception,
    ]),
  ];
  decisionTable(
    evaluable,
    DEDUP_CANDIDATES,
    (pair) => pair.label === 'paraphrase',
    () => true,
    dedupRules,
  );

  out(
    '## Merge proposal (positives: paraphrase; negatives: related, unrelated; near-misses left out: the agent judges them)',
  );
  out();
  decisionTable(
    evaluable,
    MERGE_CANDIDATES,
    (pair) => pair.label === 'paraphrase',
    (pair) => pair.label !== 'near-miss',
    [embeddingOnly],
  );

  out('## Auto-link (positives: paraphrase, related; negatives: unrelated; near-misses left out)');
  out();
  decisionTable(
    evaluable,
    LINK_CANDIDATES,
    (pair) => pair.label === 'paraphrase' || pair.label === 'related',
    (pair) => pair.label !== 'near-miss',
    [embeddingOnly],
  );
  const nearMissLinked = measured.filter(
    (pair) => pair.label === 'near-miss' && pair.distance < LOCAL_CALIBRATED_THRESHOLDS.linkDistance,
  );
  out(
    `Near-misses within the chosen link distance: ${nearMissLinked.length}/${measured.filter((pair) => pair.label === 'near-miss').length} (linking two versions of a fact is wanted).`,
  );
  out();
}

function everyPair(measured: Measured[]): void {
  out();
  out('## Every pair');
  for (const pair of measured) {
    out(
      `${pair.label.padEnd(13)} ${pair.group.padEnd(5)} d=${pair.distance.toFixed(3)} use=${pair.modelDistance.toFixed(3)} tri=${pair.trigram.toFixed(2)}${pair.exception ? ' exc' : '    '}  ${pair.a}  |  ${pair.b}`,
    );
  }
}

function distributionTable(measured: Measured[]): void {
  out('## Distance distribution per label');
  out();
  out(
    '| label | texts | n | min | p10 | median | p90 | max | trigram median | USE-lite alone: min / median |',
  );
  out('|---|---|---|---|---|---|---|---|---|---|');
  const labels: Label[] = ['paraphrase', 'near-miss', 'related', 'unrelated', 'cross-lingual'];
  for (const label of labels) {
    for (const group of ['en', 'ja', 'mixed', 'other', 'all'] as const) {
      const rows = measured.filter(
        (pair) => pair.label === label && (group === 'all' || pair.group === group),
      );
      if (rows.length === 0 || (group === 'all' && new Set(rows.map((row) => row.group)).size === 1))
        continue;
      const distances = rows.map((row) => row.distance);
      const trigrams = rows.map((row) => row.trigram);
      const modelDistances = rows.map((row) => row.modelDistance);
      out(
        `| ${label} | ${group} | ${rows.length} | ${fixed(Math.min(...distances))} | ${fixed(quantile(distances, 0.1))} | ${fixed(quantile(distances, 0.5))} | ${fixed(quantile(distances, 0.9))} | ${fixed(Math.max(...distances))} | ${fixed(quantile(trigrams, 0.5), 2)} | ${fixed(Math.min(...modelDistances))} / ${fixed(quantile(modelDistances, 0.5))} |`,
      );
    }
  }
  out();
  out(
    'Groups: en = both texts in English, ja = both Japanese, mixed = one of each, other = Russian, Korean or Chinese.',
  );
  out();
}

function seedPairs(measured: Measured[]): void {
  out('## Pairs named in the spec');
  out();
  out('| pair | distance | USE-lite alone |');
  out('|---|---|---|');
  const named = [
    "Today's conversation was fun. I learned a lot from Master.",
    '今日の会話は楽しかった。Masterとの対話は学びが多い。',
    'I live in San Francisco.',
    'I paid 40 dollars for the concert ticket.',
    'The user likes spicy food.',
    'ユーザーは味噌ラーメンが大好きで、週末によく食べに行く。',
  ];
  for (const pair of measured.filter((row) => named.includes(row.a))) {
    out(
      `| ${pair.label}: \`${pair.a}\` / \`${pair.b}\` | ${fixed(pair.distance)} | ${fixed(pair.modelDistance)} |`,
    );
  }
  out();
}

function decisionTable(
  measured: Measured[],
  thresholds: number[],
  isPositive: (pair: Measured) => boolean,
  counts: (pair: Measured) => boolean,
  rules: Rule[],
): void {
  const rows = measured.filter(counts);
  const positives = rows.filter(isPositive).length;
  out(
    `${positives} positives, ${rows.length - positives} negatives. Cells: precision / recall (false positives).`,
  );
  out();
  out(`| threshold | ${rules.map(([name]) => name).join(' | ')} |`);
  out(`|---|${rules.map(() => '---').join('|')}|`);
  for (const threshold of thresholds) {
    const cells = rules.map(([, decide]) => {
      let truePositives = 0;
      let falsePositives = 0;
      for (const pair of rows) {
        if (!decide(pair, threshold)) continue;
        if (isPositive(pair)) truePositives += 1;
        else falsePositives += 1;
      }
      const precision =
        truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives);
      return `${fixed(precision, 2)} / ${fixed(truePositives / positives, 2)} (${falsePositives})`;
    });
    out(`| ${threshold} | ${cells.join(' | ')} |`);
  }
  out();
}

async function recallCheck(provider: LocalEmbeddingProvider): Promise<void> {
  const memoryVectors = await provider.embed(recallSet.memories);
  const queryVectors = await provider.embed(recallSet.queries.map((query) => query.query));
  let hits = 0;
  let reciprocalRanks = 0;
  const misses: string[] = [];
  recallSet.queries.forEach((query, index) => {
    const ranked = memoryVectors
      .map((vector, memoryIndex) => ({ memoryIndex, distance: 1 - dot(vector, queryVectors[index]) }))
      .sort((left, right) => left.distance - right.distance);
    const rank = ranked.findIndex((entry) => entry.memoryIndex === query.expected) + 1;
    if (rank === 1) hits += 1;
    else
      misses.push(
        `\`${query.query}\` → rank ${rank} (top: \`${recallSet.memories[ranked[0].memoryIndex]}\`)`,
      );
    reciprocalRanks += 1 / rank;
  });
  out('## Japanese recall by nearest neighbour');
  out();
  out(
    `${recallSet.queries.length} Japanese queries over ${recallSet.memories.length} memories: recall@1 ${hits}/${recallSet.queries.length}, MRR ${fixed(reciprocalRanks / recallSet.queries.length)}.`,
  );
  for (const miss of misses) out(`- miss: ${miss}`);
  out();
}

async function speed(provider: LocalEmbeddingProvider, loadMs: number): Promise<void> {
  const sentences = Array.from({ length: 256 }, (_, index) => `${pairs[index % pairs.length].a} (${index})`);
  const singles: number[] = [];
  for (const sentence of sentences.slice(0, 60)) {
    const start = performance.now();
    await provider.embed([sentence]);
    singles.push(performance.now() - start);
  }
  const batchStart = performance.now();
  await provider.embed(sentences);
  const batchSeconds = (performance.now() - batchStart) / 1000;
  const concurrentStart = performance.now();
  await Promise.all(sentences.map((sentence) => provider.embed([sentence])));
  const concurrentSeconds = (performance.now() - concurrentStart) / 1000;
  out('## Speed (this machine)');
  out();
  out(`- model load: ${loadMs.toFixed(0)} ms`);
  out(
    `- single text, sequential calls: p50 ${quantile(singles, 0.5).toFixed(1)} ms, p90 ${quantile(singles, 0.9).toFixed(1)} ms`,
  );
  out(`- one call with 256 texts (batches of 32): ${(256 / batchSeconds).toFixed(0)} texts/s`);
  out(`- 256 concurrent single-text calls (coalesced): ${(256 / concurrentSeconds).toFixed(0)} texts/s`);
  out();
}

function dot(left: number[], right: number[]): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index] * right[index];
  return sum;
}

function quantile(values: number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

function fixed(value: number, digits = 3): string {
  const rounded = Number(value.toFixed(digits));
  return (rounded === 0 ? 0 : rounded).toFixed(digits); // never "-0.000"
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
