/**
 * A language-independent text vector: hashed character grams (the "hashing trick"): bigrams and
 * trigrams for alphabetic scripts, unigrams and bigrams for Chinese, Japanese and Korean.
 *
 * USE-lite only knows an English vocabulary; every Japanese, Chinese or Korean run of text maps to
 * the same unknown token, so its vectors cannot tell such sentences apart (behaviour §4, "Never trust one
 * signal"). Character n-grams need no vocabulary: two texts are close when they share surface
 * fragments, which for CJK text (no spaces) are the character bigrams that CJK search engines index.
 *
 * Contract: deterministic, pure, unit length (or all zeros only if the text has no characters at
 * all, which callers never pass: empty texts are rejected before this point).
 */

/** Normalises text the way every surface comparison in this adapter does: NFKC, lower case, single spaces. */
export function normalizeForCharacterGrams(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const PUNCTUATION = /\p{P}+/gu;
/** Scripts written without spaces between words, where single characters and bigrams are the units of meaning. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Characters that carry meaning on their own (kanji, katakana, hangul syllables); hiragana is mostly grammar. */
const MEANINGFUL_CJK_CHARACTER = /^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}]$/u;
/** A gram made only of hiragana (and spaces): particles and endings shared by unrelated sentences. */
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー ]+$/u;

/** How much a hiragana-only gram counts, relative to any other gram. */
const GRAMMAR_GRAM_WEIGHT = 0.5;

/**
 * The weighted features of one text (exposed for tests and calibration):
 * - every character bigram, with a space marking word boundaries and the text's ends;
 * - trigrams of text outside CJK scripts (for Latin, Cyrillic… trigrams are the telling unit);
 * - unigrams of kanji, katakana and hangul (for CJK text, unigrams + bigrams are the standard
 *   indexing units: trigrams of Japanese rarely repeat between paraphrases).
 * Weights are sublinear term frequencies, `1 + ln(count)`, halved for hiragana-only grams.
 * Calibration (RESULTS.md) compared these choices on the labelled pairs.
 */
export function characterGrams(text: string): Map<string, number> {
  const normalized = normalizeForCharacterGrams(text);
  // Punctuation becomes a word boundary, so "た。" and "た、" are the same ending; a text made only
  // of punctuation keeps it (it must still get a vector).
  const withoutPunctuation = normalized.replace(PUNCTUATION, ' ').replace(/ +/g, ' ').trim();
  const source = withoutPunctuation.length > 0 ? withoutPunctuation : normalized;
  const characters = Array.from(` ${source} `);

  const counts = new Map<string, number>();
  const count = (gram: string) => counts.set(gram, (counts.get(gram) ?? 0) + 1);
  for (let start = 0; start < characters.length; start += 1) {
    const unigram = characters[start];
    if (MEANINGFUL_CJK_CHARACTER.test(unigram)) count(unigram);
    const bigram = characters.slice(start, start + 2).join('');
    if (Array.from(bigram).length === 2 && bigram.trim().length > 0) count(bigram);
    const trigram = characters.slice(start, start + 3).join('');
    if (Array.from(trigram).length === 3 && trigram.trim().length > 0 && !CJK.test(trigram)) count(trigram);
  }

  const weights = new Map<string, number>();
  for (const [gram, occurrences] of counts) {
    // Sublinear term frequency: a gram repeated ten times is not ten times as telling.
    const frequency = 1 + Math.log(occurrences);
    weights.set(gram, HIRAGANA_ONLY.test(gram) ? frequency * GRAMMAR_GRAM_WEIGHT : frequency);
  }
  return weights;
}

/**
 * The unit vector of `text`'s character grams in `dimension` buckets. Signed hashing (each gram
 * adds +w or −w to its bucket) makes collisions cancel on average instead of inflating similarity.
 */
export function charNgramVector(text: string, dimension: number): Float64Array {
  const vector = new Float64Array(dimension);
  for (const [gram, weight] of characterGrams(text)) {
    const hash = hashString(gram);
    const bucket = hash % dimension;
    const sign = (mix32(hash ^ 0x9e3779b9) & 1) === 0 ? 1 : -1;
    vector[bucket] += sign * weight;
  }
  let squared = 0;
  for (const value of vector) squared += value * value;
  const norm = Math.sqrt(squared);
  if (norm > 0) for (let index = 0; index < dimension; index += 1) vector[index] /= norm;
  return vector;
}

/** FNV-1a over UTF-16 code units, finished with a murmur3 mixer; unsigned 32-bit. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mix32(hash);
}

function mix32(input: number): number {
  let hash = input >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
