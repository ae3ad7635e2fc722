/**
 * BM25 as every kioku lexical index computes it. k1 0.9 and b 0.4 are Anserini's defaults for short
 * passages (lighter length normalisation than Lucene's 1.2 / 0.75); memories are short passages.
 */
export const BM25 = Object.freeze({ k1: 0.9, b: 0.4 });

/** Inverse document frequency of a term found in `df` of `total` documents (always > 0). */
export function bm25Idf(df: number, total: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/** The saturated, length-normalised term frequency part of BM25. */
export function bm25TermWeight(tf: number, length: number, averageLength: number): number {
  const norm = 1 - BM25.b + (BM25.b * length) / Math.max(averageLength, 1e-9);
  return (tf * (BM25.k1 + 1)) / (tf + BM25.k1 * norm);
}
