/**
 * Pseudo-relevance feedback: the query's words plus the distinctive words of its best first hits
 * make a second lexical query, which finds memories that share the answer's vocabulary but not the
 * question's. Words of a hit that recur in the other hits count most; the index's IDF then weighs
 * each word of the expanded query as it weighs any query word.
 */
import { analyzeText } from '@kioku/similarity';

/** The expanded query: the query, then up to `maxTerms` words of the hits (best first) it lacks. */
export function feedbackQuery(query: string, hitContents: readonly string[], maxTerms: number): string {
  const own = new Set(analyzeText(query));
  // Each index term is sent as a word that gives it (a stem is not always its own stem).
  const counts = new Map<string, { word: string; hits: number }>();
  for (const content of hitContents) {
    const seen = new Set<string>();
    for (const word of content.match(WORD) ?? []) {
      for (const term of analyzeText(word)) {
        if (own.has(term) || seen.has(term)) continue;
        seen.add(term);
        const entry = counts.get(term) ?? { word, hits: 0 };
        entry.hits += 1;
        counts.set(term, entry);
      }
    }
  }
  const added = [...counts.values()]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, maxTerms)
    .map((entry) => entry.word);
  return [query, ...added].join(' ');
}

const WORD = /[\p{L}\p{N}]+/gu;
