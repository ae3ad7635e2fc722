/**
 * Evidence-retrieval metrics for one question's ranked ids, and their means per category: evidence
 * recall@k (share of the evidence in the top k; k = 3, 5, 10), hit@5 (any evidence in the top 5) and MRR (1 / rank
 * of the first evidence in the results, 0 when none).
 */
export interface QuestionScore {
  category: number;
  recallAt3: number;
  recallAt5: number;
  recallAt10: number;
  hitAt5: number;
  reciprocalRank: number;
}

export interface MetricMeans {
  questions: number;
  recallAt3: number;
  recallAt5: number;
  recallAt10: number;
  hitAt5: number;
  mrr: number;
}

export function scoreQuestion(
  category: number,
  ranked: readonly string[],
  evidence: readonly string[],
): QuestionScore {
  const wanted = new Set(evidence);
  const foundIn = (k: number) => ranked.slice(0, k).filter((id) => wanted.has(id)).length / wanted.size;
  const first = ranked.findIndex((id) => wanted.has(id));
  return {
    category,
    recallAt3: foundIn(3),
    recallAt5: foundIn(5),
    recallAt10: foundIn(10),
    hitAt5: first >= 0 && first < 5 ? 1 : 0,
    reciprocalRank: first >= 0 ? 1 / (first + 1) : 0,
  };
}

function meansOf(scores: readonly QuestionScore[]): MetricMeans {
  const mean = (pick: (s: QuestionScore) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + pick(s), 0) / scores.length;
  return {
    questions: scores.length,
    recallAt3: mean((s) => s.recallAt3),
    recallAt5: mean((s) => s.recallAt5),
    recallAt10: mean((s) => s.recallAt10),
    hitAt5: mean((s) => s.hitAt5),
    mrr: mean((s) => s.reciprocalRank),
  };
}

/** Means over all questions and per category (in ascending category order). */
export function meansByCategory(scores: readonly QuestionScore[]): {
  all: MetricMeans;
  byCategory: Map<number, MetricMeans>;
} {
  const categories = [...new Set(scores.map((s) => s.category))].sort((a, b) => a - b);
  return {
    all: meansOf(scores),
    byCategory: new Map(categories.map((c) => [c, meansOf(scores.filter((s) => s.category === c))])),
  };
}
