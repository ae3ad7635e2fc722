/**
 * Recall scoring (behaviour §4.2 step 3): similarity, time decay stretched by access and links,
 * emotion and importance boosts.
 */
import type { EmotionName, Memory } from './memory';

const EMOTION_BOOST: Partial<Record<EmotionName, number>> = {
  excited: 0.4,
  surprised: 0.35,
  moved: 0.3,
  frustrated: 0.28,
  sad: 0.25,
  anxious: 0.22,
  happy: 0.2,
  melancholy: 0.18,
  nostalgic: 0.15,
  curious: 0.1,
  contentment: 0.08,
};

const DAY_MS = 86_400_000;

export function emotionBoost(emotion: EmotionName): number {
  return EMOTION_BOOST[emotion] ?? 0;
}

export function importanceBoost(importance: number): number {
  return (importance - 1) / 10;
}

/** Days since the later of creation and last access. */
export function ageDays(memory: Pick<Memory, 'createdAt' | 'lastAccessedAt'>, now: Date): number {
  const created = Date.parse(memory.createdAt);
  const accessed = memory.lastAccessedAt ? Date.parse(memory.lastAccessedAt) : NaN;
  const from = Number.isNaN(accessed) ? created : Math.max(created, accessed);
  return Math.max(0, (now.getTime() - from) / DAY_MS);
}

/** `2^(−ageDays / H)` with `H = (30 + min(5·accessCount, 60)) · (1 + 0.5·maxLinkConfidence)`. */
export function decay(age: number, accessCount: number, maxLinkConfidence: number): number {
  const halfLife = (30 + Math.min(5 * accessCount, 60)) * (1 + 0.5 * maxLinkConfidence);
  return Math.pow(2, -age / halfLife);
}

export function recallScore(
  similarity: number,
  memory: Pick<Memory, 'createdAt' | 'lastAccessedAt' | 'accessCount' | 'importance' | 'emotion'>,
  maxLinkConfidence: number,
  now: Date,
): number {
  const d = decay(ageDays(memory, now), memory.accessCount, maxLinkConfidence);
  return (
    similarity -
    0.3 * (1 - d) +
    0.2 * emotionBoost(memory.emotion.primary) +
    0.2 * importanceBoost(memory.importance)
  );
}
