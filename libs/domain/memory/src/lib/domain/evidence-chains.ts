/**
 * Evidence chains: an answer spread over several memories is often held by memories linked to one
 * another (auto-links join memories of close meaning). A memory that matches the query earns
 * `weight` × the best relevance among the memories it is linked to (times the link's confidence),
 * so linked parts of an answer rise together. Only memories that match the query themselves gain:
 * a link alone never brings in a memory the query does not reach.
 */
export interface ChainLink {
  sourceId: string;
  targetId: string;
  /** 0..1 */
  confidence: number;
}

export function withChains(
  relevance: Map<string, number>,
  links: readonly ChainLink[],
  weight: number,
): Map<string, number> {
  const best = new Map<string, number>();
  for (const link of links) {
    const own = relevance.get(link.sourceId);
    const other = relevance.get(link.targetId);
    if (!own || !other) continue;
    best.set(link.sourceId, Math.max(best.get(link.sourceId) ?? 0, link.confidence * other));
  }
  return new Map([...relevance].map(([id, r]) => [id, r + weight * (best.get(id) ?? 0)]));
}
