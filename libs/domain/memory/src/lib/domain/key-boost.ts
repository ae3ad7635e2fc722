/**
 * What the keys of recall share: the memories a key marks count (1 + weight) times. A key that marks
 * none of the candidates, or all of them, tells them apart from nothing, so it changes nothing.
 */
export function raiseMarked(
  relevance: Map<string, number>,
  marked: ReadonlySet<string>,
  weight: number,
): Map<string, number> {
  if (marked.size === 0 || marked.size === relevance.size) return relevance;
  return new Map([...relevance].map(([id, r]) => [id, marked.has(id) ? r * (1 + weight) : r]));
}
