/**
 * The lexical side of recall (SPEC §4.2 step 2): search text normalisation, the query's distinctive
 * terms (words; character bigrams for Chinese, Japanese and Korean), BM25 over the candidates the
 * store's text filter returned, and reciprocal-rank fusion with the vector ranking.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}_#@.+-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;

const STOPWORDS = new Set(
  `a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its
  me my no not of on or our she so than that the their them then there these they this to was we were what when where
  which who why will with would you your about after again all also am any because before being both each few more most
  other over same should some such through too under until up very just now only own out off once here`.split(
    /\s+/,
  ),
);

/** The normalised text stored as the document and matched by the store's text filter. */
export function searchText(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Tokens for BM25: words outside CJK runs, and CJK character bigrams. */
export function tokenize(text: string): string[] {
  const normalized = searchText(text);
  const tokens: string[] = [];
  for (const run of normalized.match(CJK_RUN) ?? []) tokens.push(...bigrams(run));
  const latin = normalized.replace(CJK_RUN, ' ');
  for (const word of latin.match(WORD) ?? []) tokens.push(word.replace(/[.]+$/, ''));
  return tokens;
}

/**
 * The distinctive terms of a query — the words an embedding model is weakest at: numbers and codes
 * (`INC-4471`, `v2.3`), names and acronyms (capitalised inside the query), words in other scripts,
 * and, for Chinese, Japanese and Korean, character bigrams (all-hiragana bigrams are mostly grammar
 * and are left out unless nothing else remains). Plain lower-case words are left to the vector
 * search: matching common words lexically would cost a text scan and add noise.
 */
export function distinctiveTerms(query: string, limit = 12): string[] {
  const original = query.normalize('NFKC');
  const words = (original.replace(CJK_RUN, ' ').match(WORD) ?? [])
    .map((w) => w.replace(/[.]+$/, ''))
    .filter((w) => !STOPWORDS.has(w.toLowerCase()) && isDistinctiveWord(w))
    .map((w) => w.toLowerCase());
  const grams = (searchText(query).match(CJK_RUN) ?? []).flatMap(bigrams);
  const contentGrams = grams.filter((g) => !HIRAGANA_ONLY.test(g));
  const cjk = contentGrams.length > 0 ? contentGrams : grams;
  const unique = [...new Set([...words.sort((a, b) => b.length - a.length), ...cjk])];
  return unique.slice(0, limit);
}

function isDistinctiveWord(word: string): boolean {
  return /\d/.test(word) || /\p{Lu}/u.test(word) || /[^\x00-\x7f]/.test(word) || /[-_#@.+]/.test(word);
}

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return [run];
  const grams: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) grams.push(chars[i] + chars[i + 1]);
  return grams;
}

export function containsCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * BM25 (k1 = 1.2, b = 0.75) of each document for the query terms, with document frequencies taken
 * over the given documents. Returns scores in input order (0 = no term occurs as a token).
 */
export function bm25(terms: string[], documents: string[]): number[] {
  const docTokens = documents.map(tokenize);
  const n = documents.length;
  const avgLength = docTokens.reduce((sum, t) => sum + t.length, 0) / Math.max(1, n);
  const termSet = [...new Set(terms)];
  const df = new Map(termSet.map((t) => [t, docTokens.filter((tokens) => tokens.includes(t)).length]));
  return docTokens.map((tokens) => {
    let score = 0;
    for (const term of termSet) {
      const tf = tokens.filter((t) => t === term).length;
      if (tf === 0) continue;
      const d = df.get(term) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * tokens.length) / Math.max(1, avgLength)));
    }
    return score;
  });
}

export interface RankedCandidate {
  id: string;
  /** Cosine similarity to the query (1 − distance, clamped). */
  similarity: number;
}

export interface FusedCandidate {
  id: string;
  /** Similarity used for scoring: own similarity, raised to that of the vector hit whose place it takes. */
  relevance: number;
  /** Position in the fused order (0 = best); breaks score ties. */
  position: number;
}

/**
 * Fuses the vector ranking and the lexical ranking by reciprocal rank (k = 60). Each candidate's
 * relevance is its own similarity raised to the similarity of the vector hit whose place it takes in
 * the fused order: fusion can promote any candidate but never lowers one. On equal fused rank, a
 * candidate found both ways comes first, then a lexical hit (an exact name or number), then a vector
 * hit.
 */
export function fuseRankings(
  vectorRanked: RankedCandidate[],
  lexicalRanked: RankedCandidate[],
  k = 60,
): FusedCandidate[] {
  const fused = new Map<string, { rrf: number; similarity: number; ways: number; lexical: boolean }>();
  vectorRanked.forEach((c, i) =>
    fused.set(c.id, { rrf: 1 / (k + i + 1), similarity: c.similarity, ways: 1, lexical: false }),
  );
  lexicalRanked.forEach((c, i) => {
    const entry = fused.get(c.id) ?? { rrf: 0, similarity: c.similarity, ways: 0, lexical: true };
    entry.rrf += 1 / (k + i + 1);
    entry.ways += 1;
    entry.lexical = true;
    fused.set(c.id, entry);
  });
  const order = [...fused.entries()].sort(
    (a, b) => b[1].rrf - a[1].rrf || b[1].ways - a[1].ways || Number(b[1].lexical) - Number(a[1].lexical),
  );
  return order.map(([id, entry], position) => ({
    id,
    relevance: Math.max(entry.similarity, vectorRanked[position]?.similarity ?? 0),
    position,
  }));
}

/** Share of the distinct terms that occur among the document's tokens (0..1). */
export function termCoverage(terms: string[], document: string): number {
  const distinct = [...new Set(terms)];
  if (distinct.length === 0) return 0;
  const tokens = new Set(tokenize(document));
  return distinct.filter((t) => tokens.has(t)).length / distinct.length;
}
