/**
 * Precision and recall of remember's full duplicate decision (embedding distance AND surface overlap
 * AND no number/date/negation/name difference) on the labelled pairs of the local provider's
 * calibration set. Run: `TSX_TSCONFIG_PATH=tsconfig.json node --import tsx tools/calibration/evaluate-duplicate-guard.ts`
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_CALIBRATED_THRESHOLDS, LocalEmbeddingProvider } from '@kioku/embeddings-local';
import { DEFAULT_MEMORY_SETTINGS, duplicateSignals } from '@kioku/memory';
import { dot } from '@kioku/similarity';

interface Pair {
  label: string;
  a: string;
  b: string;
}

type Counts = { tp: number; fp: number; fn: number; tn: number };

async function main(): Promise<void> {
  const file = join(__dirname, '../../libs/adapters/embeddings-local/calibration/pairs.json');
  const { pairs } = JSON.parse(readFileSync(file, 'utf8')) as { pairs: Pair[] };
  const provider = new LocalEmbeddingProvider();
  await provider.init();
  const { dedupDistance } = LOCAL_CALIBRATED_THRESHOLDS;
  const embeddingOnly: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const fullGuard: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const falsePositives: string[] = [];
  for (const pair of pairs) {
    const [a, b] = await provider.embed([pair.a, pair.b]);
    const distance = 1 - dot(a, b);
    const signals = duplicateSignals(pair.a, pair.b);
    const duplicate = pair.label === 'paraphrase';
    const close = distance < dedupDistance;
    const refused =
      close &&
      signals.surfaceOverlap >= DEFAULT_MEMORY_SETTINGS.dedupSurfaceOverlap &&
      !signals.factDifference;
    count(embeddingOnly, duplicate, close);
    count(fullGuard, duplicate, refused);
    if (!duplicate && refused) falsePositives.push(`  ${pair.label}: ${pair.a} | ${pair.b}`);
  }
  console.log(
    `pairs: ${pairs.length}, dedupDistance ${dedupDistance}, surface overlap floor ${DEFAULT_MEMORY_SETTINGS.dedupSurfaceOverlap}`,
  );
  console.log(`embedding distance only: ${summary(embeddingOnly)}`);
  console.log(`full duplicate guard:    ${summary(fullGuard)}`);
  console.log(`refused although a different fact:\n${falsePositives.join('\n') || '  none'}`);
}

function count(counts: Counts, positive: boolean, predicted: boolean): void {
  if (positive) counts[predicted ? 'tp' : 'fn']++;
  else counts[predicted ? 'fp' : 'tn']++;
}

function summary(c: Counts): string {
  return `precision ${(c.tp / (c.tp + c.fp)).toFixed(2)}, recall ${(c.tp / (c.tp + c.fn)).toFixed(2)} (tp ${c.tp}, fp ${c.fp}, fn ${c.fn}, tn ${c.tn})`;
}

void main();
