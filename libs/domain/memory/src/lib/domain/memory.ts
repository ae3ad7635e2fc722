/**
 * The memory entity and its vocabularies (behaviour §2.1, §2.5). Pure: no I/O, no DI, no zod. The category
 * names live in the kernel, where the log redaction (below this library) can read them too.
 */
import { MEMORY_CATEGORIES } from '@kioku/categories';

export const CATEGORIES = MEMORY_CATEGORIES;
export type Category = (typeof CATEGORIES)[number];

/** (intensity, valence, arousal) defaults per primary emotion. */
export const EMOTION_DEFAULTS = {
  happy: [0.6, 0.6, 0.5],
  sad: [0.5, -0.6, 0.2],
  surprised: [0.7, 0.1, 0.9],
  moved: [0.7, 0.5, 0.5],
  excited: [0.8, 0.7, 0.8],
  nostalgic: [0.5, 0.1, 0.3],
  curious: [0.6, 0.3, 0.6],
  neutral: [0.3, 0, 0.3],
  melancholy: [0.5, -0.4, 0.2],
  anxious: [0.7, -0.6, 0.8],
  contentment: [0.5, 0.5, 0.2],
  frustrated: [0.7, -0.5, 0.7],
  calm: [0.4, 0.3, 0.2],
  contemplative: [0.5, 0.1, 0.3],
  thoughtful: [0.5, 0.1, 0.4],
  grateful: [0.6, 0.7, 0.4],
  vulnerable: [0.6, -0.3, 0.5],
  content: [0.5, 0.5, 0.2],
  fulfilled: [0.6, 0.6, 0.2],
  touched: [0.7, 0.5, 0.4],
  concerned: [0.5, -0.3, 0.5],
  hopeful: [0.6, 0.4, 0.5],
  peaceful: [0.4, 0.4, 0.1],
  love: [0.8, 0.8, 0.4],
  warm: [0.5, 0.5, 0.3],
  lonely: [0.6, -0.6, 0.3],
  afraid: [0.8, -0.8, 0.9],
  ashamed: [0.6, -0.7, 0.4],
  bored: [0.3, -0.3, 0.1],
  angry: [0.8, -0.7, 0.9],
} as const satisfies Record<string, readonly [number, number, number]>;

export type EmotionName = keyof typeof EMOTION_DEFAULTS;
export const EMOTIONS = Object.keys(EMOTION_DEFAULTS) as EmotionName[];

export interface Emotion {
  primary: EmotionName;
  secondary: EmotionName[];
  intensity: number;
  valence: number;
  arousal: number;
}

export interface Memory {
  id: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  category: Category;
  importance: number;
  emotion: Emotion;
  tags: string[];
  isPrivate: boolean;
  accessCount: number;
  lastAccessedAt: string | null;
  embeddingModel: string;
  /**
   * The memory saved just before this one in the same conversation (same caller, within a short
   * gap), if any: the thread order recall's contiguity follows.
   */
  precedingId?: string;
  /** The memory saved just after this one in the same conversation, if any (the other direction). */
  followingId?: string;
}

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

export function isEmotionName(value: unknown): value is EmotionName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(EMOTION_DEFAULTS, value);
}
