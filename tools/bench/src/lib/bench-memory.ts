/**
 * Turns a generated sentence into a memory as remember would store it (normalised fields, behaviour §2.1
 * defaults), with plausible spread: creation times over the past year, importance mostly 2–4, an
 * emotion from the text or a common one, some private memories and some access history. The seeds
 * are saved through remember with the same fields (`benchFields`); `benchMemory` is the whole record,
 * for the raw writes the bench measures through the memory codec.
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

/** The fields a user gives remember with the sentence: category, importance, emotion, tags, privacy. */
export function benchFields(sentence: GeneratedSentence, random: SeededRandom) {
  return {
    category: normalizeCategory(sentence.category),
    importance: weightedImportance(random),
    emotion: sentence.emotion ?? random.pick(COMMON_EMOTIONS),
    tags: normalizeTags(sentence.tags),
    private: random.next() < 0.1,
  };
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
  const fields = benchFields(sentence, random);
  return {
    id: options.id,
    content: sentence.text,
    createdAt,
    updatedAt: createdAt,
    category: fields.category,
    importance: fields.importance,
    emotion: normalizeEmotion({ primary: fields.emotion }),
    tags: fields.tags,
    isPrivate: fields.private,
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
