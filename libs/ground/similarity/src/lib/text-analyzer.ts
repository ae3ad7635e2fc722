/**
 * The one analyser for the lexical index: documents and queries go through it alike, so a term
 * found in a query matches the same term in a memory on every backend.
 *
 * - Unicode NFKC and lower case; curly apostrophes folded; possessive `'s` dropped.
 * - Chinese, Japanese and Korean runs become overlapping character bigrams (a run of one character
 *   stays one term): no dictionary is needed and recall across word boundaries is kept.
 * - Other text becomes words. Codes and numbers stay whole (`inc-4471`, `v2.3`, `10:30`) and also
 *   give their parts, so `INC-4471` is found by `4471` and by `INC-4471`.
 * - English stopwords are dropped; plain alphabetic words are stemmed with Porter2
 *   (`wink-porter2-stemmer`), so `races`, `raced` and `race` meet.
 */
import stem from 'wink-porter2-stemmer';

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu;
/** A word: letters and digits, joined by single inner connectors (`-`, `.`, `_`, `/`, `:`, `@`, `#`, `+`, `&`). */
const WORD = /[\p{L}\p{N}]+(?:[-._/:@#+&][\p{L}\p{N}]+)*/gu;
const PART = /[\p{L}\p{N}]+/gu;
const ALPHABETIC = /^[a-z]+$/;

/**
 * Stems already computed: the same words recur from text to text, and Porter2 took 4 % of the
 * gateway's event loop under load (`kioku bench load`). Emptied when full, so it stays small.
 */
const stems = new Map<string, string>();
const MOST_STEMS_KEPT = 20_000;

/** Upper bound on terms taken from one text, so a huge query cannot cost a huge index scan. */
const MAX_TERMS_PER_TEXT = 4_096;

const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
  few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
  him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't
  my myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she she'd
  she'll she's should shouldn't so some such than that that's the their theirs them themselves then there
  there's these they they'd they'll they're they've this those through to too under until up very was wasn't we
  we'd we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's
  with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves also just really yeah
  oh ok okay s t`
    .split(/\s+/)
    .flatMap((w) => [w, w.replace(/'/g, '')]),
);

/** The index terms of a text, in order, with repeats (term frequency counts them). */
export function analyzeText(text: string): string[] {
  const normalized = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/'s\b/g, '')
    .replace(/'/g, '');
  const terms: string[] = [];
  for (const run of normalized.match(CJK_RUN) ?? []) pushAll(terms, bigrams(run));
  for (const word of normalized.replace(CJK_RUN, ' ').match(WORD) ?? []) {
    if (terms.length >= MAX_TERMS_PER_TEXT) break;
    const parts = word.match(PART) ?? [];
    if (parts.length > 1) {
      terms.push(word);
      for (const part of parts) pushWord(terms, part);
    } else {
      pushWord(terms, word);
    }
  }
  return terms.length > MAX_TERMS_PER_TEXT ? terms.slice(0, MAX_TERMS_PER_TEXT) : terms;
}

/** Term → count for one text. */
export function termFrequencies(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of analyzeText(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function pushWord(terms: string[], word: string): void {
  if (ENGLISH_STOPWORDS.has(word)) return;
  if (ALPHABETIC.test(word)) {
    if (word.length > 1) terms.push(stemOf(word));
    return;
  }
  terms.push(word);
}

function stemOf(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    if (stems.size >= MOST_STEMS_KEPT) stems.clear();
    stemmed = stem(word);
    stems.set(word, stemmed);
  }
  return stemmed;
}

function pushAll(terms: string[], items: string[]): void {
  for (const item of items) terms.push(item);
}

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return [run];
  const grams: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) grams.push(chars[i] + chars[i + 1]);
  return grams;
}
