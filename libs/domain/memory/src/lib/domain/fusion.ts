/**
 * Fusion of recall's two rankings, and temporal contiguity (behaviour §4.2 step 2).
 *
 * Scores, not ranks: each ranking is min-max normalised over its own hits (the best hit 1, the worst
 * 0, anything not found 0) and the two are summed with weights. Measured on the LoCoMo dev split with
 * the bundled model (docs/retrieval.md): weighted score fusion beat weighted reciprocal-rank fusion by
 * 0.05 in evidence recall@5, and equal weights lost to the lexical ranking alone. The dense weight 0.3
 * sat on a broad plateau (0.2–0.4 within 0.01).
 *
 * Coverage: min-max makes the best lexical hit 1 however little of the query it matches, so a question
 * that shares one rare word with an unrelated memory (a word of a book title) gives that memory the
 * whole lexical weight. The lexical scores are therefore scaled by the share of the query's terms its
 * best hit holds, and the two weights renormalised (best fused relevance stays 1): a best hit that holds
 * every term changes nothing; one that holds one term of four lets meaning count for more.
 *
 * Contiguity: what was said next to the answer is often what a question echoes, so a memory also
 * earns a share of the fused relevance of the memories saved just before and after it in the same
 * conversation thread.
 */

export interface DenseHit {
  id: string;
  /** Cosine similarity, higher is better. */
  similarity: number;
}

export interface LexicalHit {
  id: string;
  /** BM25, higher is better. */
  score: number;
}

export interface FusedRelevance {
  /** Weighted sum of the normalised scores, 0..1. */
  relevance: number;
  /** Which ranking contributed more. */
  source: 'vector' | 'lexical';
}

export function fuseScores(
  dense: DenseHit[],
  lexical: LexicalHit[],
  denseWeight: number,
): Map<string, FusedRelevance> {
  const denseNormalised = minMax(dense.map((h) => [h.id, h.similarity]));
  const lexicalNormalised = minMax(lexical.map((h) => [h.id, h.score]));
  const fused = new Map<string, FusedRelevance>();
  for (const id of new Set([...denseNormalised.keys(), ...lexicalNormalised.keys()])) {
    const fromDense = denseWeight * (denseNormalised.get(id) ?? 0);
    const fromLexical = (1 - denseWeight) * (lexicalNormalised.get(id) ?? 0);
    fused.set(id, {
      relevance: fromDense + fromLexical,
      source:
        fromLexical > fromDense || (fromLexical === fromDense && lexicalNormalised.has(id))
          ? 'lexical'
          : 'vector',
    });
  }
  return fused;
}

/**
 * How much of the query the best lexical hit vouches for, 0..1: 1 when it holds two or more of the
 * query's distinct terms (or the query has one term or none), else the share it holds (one term of
 * several). Terms are the lexical index's own (analyzeText), so this is what BM25 matched.
 */
export function lexicalCoverage(queryTerms: readonly string[], bestHitTerms: readonly string[]): number {
  const asked = new Set(queryTerms);
  const held = new Set(bestHitTerms);
  let covered = 0;
  for (const term of asked) if (held.has(term)) covered += 1;
  return covered >= 2 || asked.size <= 1 ? 1 : covered / asked.size;
}

/**
 * The dense weight once the lexical scores are scaled by `coverage`: w ÷ (w + (1 − w) × coverage), so
 * dense × w + lexical × coverage × (1 − w), renormalised to a best of 1. Coverage 1 keeps `denseWeight`.
 */
export function coveredDenseWeight(denseWeight: number, coverage: number): number {
  if (denseWeight <= 0 || denseWeight >= 1) return denseWeight;
  return denseWeight / (denseWeight + (1 - denseWeight) * coverage);
}

/** Thread order around memories: what each was saved after, and what was saved after it. */
export interface ThreadNeighbours {
  preceding: Map<string, string>;
  following: Map<string, string[]>;
}

/**
 * Each memory's relevance plus `weight` × the relevance of its thread neighbours (the best one that
 * followed it counts). Neighbours of relevant memories that were not relevant themselves are added.
 */
export function withContiguity(
  relevance: Map<string, number>,
  thread: ThreadNeighbours,
  weight: number,
): Map<string, number> {
  const ids = new Set([
    ...relevance.keys(),
    ...thread.preceding.values(),
    ...[...thread.following.values()].flat(),
  ]);
  const result = new Map<string, number>();
  for (const id of ids) {
    const before = thread.preceding.get(id);
    const after = Math.max(0, ...(thread.following.get(id) ?? []).map((f) => relevance.get(f) ?? 0));
    const context = (before ? (relevance.get(before) ?? 0) : 0) + after;
    result.set(id, (relevance.get(id) ?? 0) + weight * context);
  }
  return result;
}

/** Min-max over the given scores; all equal → 1 each (they are all the best this ranking found). */
function minMax(entries: [string, number][]): Map<string, number> {
  if (entries.length === 0) return new Map();
  const values = entries.map(([, v]) => v);
  const max = Math.max(...values);
  const min = Math.min(...values);
  return new Map(entries.map(([id, v]) => [id, max > min ? (v - min) / (max - min) : 1]));
}
