/** Builds the normalised memory fields from validated input (behaviour §2.1 defaults). */
import type { Memory } from '../../domain/memory';
import {
  normalizeCategory,
  normalizeEmotion,
  normalizeImportance,
  normalizeTags,
} from '../../domain/normalize';

export interface MemoryFieldsInput {
  category?: string;
  importance?: number | string;
  emotion?: string;
  secondary?: string[];
  intensity?: number;
  valence?: number;
  arousal?: number;
  tags?: string[];
  private?: boolean;
}

export function buildFields(
  input: MemoryFieldsInput,
): Pick<Memory, 'category' | 'importance' | 'emotion' | 'tags' | 'isPrivate'> {
  return {
    category: normalizeCategory(input.category),
    importance: normalizeImportance(input.importance),
    emotion: normalizeEmotion({
      primary: input.emotion,
      secondary: input.secondary,
      intensity: input.intensity,
      valence: input.valence,
      arousal: input.arousal,
    }),
    tags: normalizeTags(input.tags),
    isPrivate: input.private === true,
  };
}
