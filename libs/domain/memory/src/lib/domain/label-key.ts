/**
 * A memory's label: the short name before a colon that opens it ("Alice: …", "Decision: …"), known
 * from the moment it is written. It says who said a memory or what kind of note it is, and a query
 * that names it ("what does Alice like?") is about the memories under it. Words of a name are
 * compared as index terms (the lexical analyser's), so "Alice's" names "Alice".
 */
import { analyzeText } from '@kioku/similarity';
import { raiseMarked } from './key-boost';

/** A label is a name of at most this many words before the colon. */
const MAX_LABEL_WORDS = 3;
const LABEL = /^\s*([^\s:][^:\n]{0,60}?)\s*:\s/u;

/** The memory's label as written, or undefined when it does not open with one. */
function labelOf(content: string): string | undefined {
  const match = LABEL.exec(content);
  return match && match[1].split(/\s+/).length <= MAX_LABEL_WORDS ? match[1] : undefined;
}

/** The index terms of the memory's label, or none when it does not open with one. */
export function labelTerms(content: string): string[] {
  const label = labelOf(content);
  return label === undefined ? [] : analyzeText(label);
}

/** Whether the query names the label: every term of the label is a term of the query. */
function namesLabel(queryTerms: ReadonlySet<string>, label: readonly string[]): boolean {
  return label.length > 0 && label.every((term) => queryTerms.has(term));
}

/**
 * Relevance of the memories whose label the query names, raised by `weight` (× (1 + weight)); the
 * others keep theirs. Nothing changes when the query names no label, or when every candidate carries
 * a named one (then the key tells them apart from nothing).
 */
export function withLabelKey(
  relevance: Map<string, number>,
  contents: ReadonlyMap<string, string>,
  query: string,
  weight: number,
): Map<string, number> {
  const queryTerms = new Set(analyzeText(query));
  // Memories share a few labels (the speakers of a conversation): each is analysed once.
  const isNamed = new Map<string, boolean>();
  const named = new Set(
    [...relevance.keys()].filter((id) => {
      const label = labelOf(contents.get(id) ?? '');
      if (label === undefined) return false;
      if (!isNamed.has(label)) isNamed.set(label, namesLabel(queryTerms, analyzeText(label)));
      return isNamed.get(label);
    }),
  );
  return raiseMarked(relevance, named, weight);
}
