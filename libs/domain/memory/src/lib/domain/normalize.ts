/**
 * Tolerant normalisation of memory fields (behaviour §2.1): unknown category → daily, importance clamped
 * to 1..5 (non-numeric → 3), unknown emotion → neutral, missing numbers from the emotion's defaults,
 * tags trimmed and de-duplicated in order. Used both for input and for reading stored records.
 */
import {
  EMOTION_DEFAULTS,
  isCategory,
  isEmotionName,
  type Category,
  type Emotion,
  type EmotionName,
} from './memory';

const DEFAULT_IMPORTANCE = 3;

export function normalizeCategory(value: unknown): Category {
  return isCategory(value) ? value : 'daily';
}

export function normalizeImportance(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_IMPORTANCE;
  return Math.min(5, Math.max(1, Math.round(n)));
}

export function normalizeTags(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const tag = item.trim();
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      tags.push(tag);
    }
  }
  return tags;
}

export interface EmotionInput {
  primary?: unknown;
  secondary?: unknown;
  intensity?: unknown;
  valence?: unknown;
  arousal?: unknown;
}

export function normalizeEmotion(input: EmotionInput): Emotion {
  const primary: EmotionName = isEmotionName(input.primary) ? input.primary : 'neutral';
  const [intensity, valence, arousal] = EMOTION_DEFAULTS[primary];
  const secondaryRaw = Array.isArray(input.secondary)
    ? input.secondary
    : input.secondary
      ? [input.secondary]
      : [];
  const secondary = [...new Set(secondaryRaw.filter(isEmotionName))].filter((e) => e !== primary);
  return {
    primary,
    secondary,
    intensity: numberIn(input.intensity, 0, 1, intensity),
    valence: numberIn(input.valence, -1, 1, valence),
    arousal: numberIn(input.arousal, 0, 1, arousal),
  };
}

/** `true/1/"1"/"true"` are true; everything else false (behaviour §2.1). */
export function normalizeBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function numberIn(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}
