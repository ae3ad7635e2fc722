/**
 * Turns a generated sentence into a memory as remember would store it (normalised fields, behaviour §2.1
 * defaults), with plausible spread: creation times over the past year, importance mostly 2–4, an
 * emotion from the text or a common one, some private memories and some access history. The
 * benchmark writes these through the memory codec, so recall's filters, scoring and lexical path see
 * real records.
 */
import { normalizeCategory, normalizeEmotion, normalizeTags, type Memory } from '@kioku/memory';
import type { SeededRandom } from './seeded-random';
import type { GeneratedSentence } from './sentence-generator';

const COMMON_EMOTIONS = [
  'neutral',
  'happy',
  'curious',
  'calm',
  'thoughtful',
  'anxious',
  'nostalgic',
  'frustrated',
  'grateful',
  'sad',
];
const IMPORTANCE_WEIGHTS: [importance: number, weight: number][] = [
  [1, 0.1],
  [2, 0.25],
  [3, 0.35],
  [4, 0.22],
  [5, 0.08],
];
const DAY_MS = 86_400_000;

export interface BenchMemoryOptions {
  id: string;
  /** The moment "now" for ages. */
  now: Date;
  embeddingModel: string;
  /** Oldest age in days (default 365). */
  maxAgeDays?: number;
}

export function benchMemory(
  sentence: GeneratedSentence,
  random: SeededRandom,
  options: BenchMemoryOptions,
): Memory {
  const ageMs = random.next() * (options.maxAgeDays ?? 365) * DAY_MS;
  const createdAt = new Date(options.now.getTime() - ageMs).toISOString();
  const accessed = random.next() < 0.3;
  const accessCount = accessed ? random.int(1, 12) : 0;
  const lastAccessedAt = accessed
    ? new Date(options.now.getTime() - random.next() * ageMs).toISOString()
    : null;
  return {
    id: options.id,
    content: sentence.text,
    createdAt,
    updatedAt: createdAt,
    category: normalizeCategory(sentence.category),
    importance: weightedImportance(random),
    emotion: normalizeEmotion({ primary: sentence.emotion ?? random.pick(COMMON_EMOTIONS) }),
    tags: normalizeTags(sentence.tags),
    isPrivate: random.next() < 0.1,
    accessCount,
    lastAccessedAt,
    embeddingModel: options.embeddingModel,
  };
}

function weightedImportance(random: SeededRandom): number {
  let draw = random.next();
  for (const [importance, weight] of IMPORTANCE_WEIGHTS) {
    if (draw < weight) return importance;
    draw -= weight;
  }
  return 3;
}
