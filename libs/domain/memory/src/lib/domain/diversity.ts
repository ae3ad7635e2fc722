/**
 * Diversity in the top n (maximal marginal relevance): the results are picked one by one, each the
 * candidate whose score minus `weight` × its word overlap with the closest already picked one is
 * highest, so near-copies of one half of an answer do not push its other half out. Overlap is the
 * Jaccard similarity of the two memories' index terms (no vectors to read).
 */
export interface DiversityCandidate {
  score: number;
  terms: ReadonlySet<string>;
}

/** The order in which the first `n` candidates (given best first) are taken; the rest follow as they were. */
export function diversify<T extends DiversityCandidate>(candidates: T[], n: number, weight: number): T[] {
  const remaining = [...candidates];
  const picked: T[] = [];
  while (picked.length < n && remaining.length > 0) {
    let bestIndex = 0;
    let bestValue = -Infinity;
    remaining.forEach((candidate, index) => {
      const redundancy = Math.max(0, ...picked.map((p) => jaccard(candidate.terms, p.terms)));
      const value = candidate.score - weight * redundancy;
      if (value > bestValue) {
        bestValue = value;
        bestIndex = index;
      }
    });
    picked.push(...remaining.splice(bestIndex, 1));
  }
  return [...picked, ...remaining];
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}
