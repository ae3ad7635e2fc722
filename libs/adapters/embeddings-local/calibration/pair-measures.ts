/**
 * What the calibration measures of a pair of texts besides their distance: how much surface they
 * share, whether they differ in a fact (a number, a date word, a negation), and their languages.
 */
import { normalizeForCharacterGrams } from '../src/lib/char-ngram-vectorizer';

export type LanguageGroup = 'en' | 'ja' | 'mixed' | 'other';

/** Character-trigram Jaccard similarity (the domain's surface-overlap measure). */
export function trigramSimilarity(left: string, right: string): number {
  const leftGrams = trigrams(left);
  const rightGrams = trigrams(right);
  let shared = 0;
  for (const gram of leftGrams) if (rightGrams.has(gram)) shared += 1;
  const union = leftGrams.size + rightGrams.size - shared;
  return union === 0 ? 0 : shared / union;
}

function trigrams(text: string): Set<string> {
  const characters = Array.from(normalizeForCharacterGrams(text));
  const grams = new Set<string>();
  for (let start = 0; start + 3 <= characters.length; start += 1)
    grams.add(characters.slice(start, start + 3).join(''));
  return grams;
}

const NEGATION = /\b(?:not|no|never|cannot|without)\b|n't|ない|ません|ではな|じゃな/giu;
const DATE_WORD =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|am|pm)\b|[月火水木金土日]曜|午前|午後/giu;

/** An approximation of the domain's exception: the two texts differ in a number, a date word or a negation. */
export function differsInNumberDateOrNegation(left: string, right: string): boolean {
  const facts = (text: string) => {
    const normalized = normalizeForCharacterGrams(text);
    return {
      numbers: [...(normalized.match(/\d+(?:[.,:]\d+)*/gu) ?? [])].sort().join(' '),
      dates: [...(normalized.match(DATE_WORD) ?? [])].sort().join(' '),
      negations: (normalized.match(NEGATION) ?? []).length,
    };
  };
  const a = facts(left);
  const b = facts(right);
  return a.numbers !== b.numbers || a.dates !== b.dates || a.negations !== b.negations;
}

/** Which languages the pair is written in. */
export function languageGroup(left: string, right: string): LanguageGroup {
  const japanese = (text: string) => /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  const english = (text: string) => /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u.test(text);
  if (english(left) && english(right)) return 'en';
  if (japanese(left) && japanese(right)) return 'ja';
  if ((japanese(left) && english(right)) || (english(left) && japanese(right))) return 'mixed';
  return 'other';
}
