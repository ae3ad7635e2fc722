/**
 * The near-duplicate decision for remember (behaviour §4.1 step 3 and "Never trust one signal"): a close
 * vector alone is not enough. The texts must also share real surface overlap, and must not differ in
 * a number, a date, a negation or a name — those make different facts.
 */
import { containsCjk, searchText } from './lexical';

export interface DuplicateSignals {
  /** Dice coefficient of character n-gram sets (see `trigramDice`), 0..1. */
  surfaceOverlap: number;
  /** Which fact-bearing difference, if any, makes the texts different facts. */
  factDifference: 'number' | 'date' | 'negation' | 'name' | null;
}

export function duplicateSignals(a: string, b: string): DuplicateSignals {
  return { surfaceOverlap: trigramDice(a, b), factDifference: factDifference(a, b) };
}

/**
 * Dice coefficient of character n-gram sets: trigrams, or bigrams when either text has Chinese,
 * Japanese or Korean characters (one CJK character carries about as much as a short word).
 */
export function trigramDice(a: string, b: string): number {
  const n = containsCjk(a) || containsCjk(b) ? 2 : 3;
  const ga = characterGrams(a, n);
  const gb = characterGrams(b, n);
  if (ga.size === 0 || gb.size === 0) return 0;
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return (2 * shared) / (ga.size + gb.size);
}

function characterGrams(text: string, n: number): Set<string> {
  const chars = Array.from(` ${searchText(text).replace(/[^\p{L}\p{N} ]/gu, '')} `);
  const grams = new Set<string>();
  for (let i = 0; i + n <= chars.length; i++) grams.add(chars.slice(i, i + n).join(''));
  return grams;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;
const NUMBER_WORDS =
  /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|first|second|third|half|once|twice)\b/g;
const DATE_WORDS =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight|yesterday|tomorrow|morning|afternoon|evening|night|week|weekend|month|year|spring|summer|autumn|fall|winter|last|next|ago|am|pm|noon|midnight)\b|今日|昨日|明日|今朝|今夜|先週|来週|今週|先月|来月|今月|去年|来年|今年|[月火水木金土日]曜|午前|午後|朝|夜/g;
const NEGATION =
  /\b(not|no|never|none|nobody|nothing|neither|nor|without|cannot|dislikes?|hates?)\b|n't|ない|ません|ず[にで。、]|なかった|じゃない|ではない|嫌い/g;
/** Japanese names with an honorific: 田中さん, 佐藤先生. */
const JAPANESE_NAME = /[\p{Script=Han}\p{Script=Katakana}]{1,6}(?=さん|様|さま|くん|君|ちゃん|先生|氏)/gu;
const NAME = /(?<![.!?]\s|^)\b\p{Lu}[\p{Script=Latin}'-]+/gu;

export function factDifference(a: string, b: string): DuplicateSignals['factDifference'] {
  const la = searchText(a);
  const lb = searchText(b);
  if (
    !sameMultiset(
      extract(la, NUMBER).concat(extract(la, NUMBER_WORDS)),
      extract(lb, NUMBER).concat(extract(lb, NUMBER_WORDS)),
    )
  ) {
    return 'number';
  }
  if (!sameMultiset(extract(la, DATE_WORDS), extract(lb, DATE_WORDS))) return 'date';
  if (extract(la, NEGATION).length % 2 !== extract(lb, NEGATION).length % 2) return 'negation';
  if (hasNameMissingFrom(a, lb) || hasNameMissingFrom(b, la)) return 'name';
  if (!sameMultiset(extract(la, JAPANESE_NAME), extract(lb, JAPANESE_NAME))) return 'name';
  return null;
}

function extract(text: string, pattern: RegExp): string[] {
  return (text.match(pattern) ?? []).map((m) => m.replace(/[,]/g, ''));
}

function sameMultiset(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort();
  const sb = [...b].sort();
  return sa.every((v, i) => v === sb[i]);
}

/** A capitalised word inside a sentence (a likely name) of `text` that the other text lacks. */
function hasNameMissingFrom(text: string, otherSearchText: string): boolean {
  return extract(text.normalize('NFKC'), NAME).some((name) => !otherSearchText.includes(name.toLowerCase()));
}
