/**
 * Namespace settings may name memories: the `consolidation` state keeps its merge candidates as a JSON
 * string of `{a, b, similarity}` pairs (ConsolidationStateRepository). A public-only export must not
 * carry the id of a private memory it leaves out, so a pair naming one goes. Pure: no I/O.
 */
type SettingValue = Record<string, string | number | boolean>;

const CONSOLIDATION_KEY = 'consolidation';

/** The setting as a public-only export writes it: without merge candidates that name a hidden memory. */
export function withoutHiddenMemories(
  key: string,
  value: SettingValue,
  isHidden: (id: string) => boolean,
): SettingValue {
  if (key !== CONSOLIDATION_KEY || typeof value.mergeCandidates !== 'string') return value;
  const kept = mergeCandidates(value.mergeCandidates)?.filter((pair) => !namesHidden(pair, isHidden));
  // Unreadable candidates cannot be checked; consolidation reads them as none, so none are written.
  return { ...value, mergeCandidates: JSON.stringify(kept ?? []) };
}

function mergeCandidates(text: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function namesHidden(pair: unknown, isHidden: (id: string) => boolean): boolean {
  if (typeof pair !== 'object' || pair === null) return true;
  const { a, b } = pair as { a?: unknown; b?: unknown };
  return typeof a !== 'string' || typeof b !== 'string' || isHidden(a) || isHidden(b);
}
