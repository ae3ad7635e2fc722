/**
 * How kioku's BM25 becomes a Qdrant sparse vector (the `text` vector of a lexical collection).
 *
 * Qdrant scores a sparse query as Σ query value × document value over shared indices, and with the
 * `idf` modifier (Qdrant 1.10+, https://qdrant.tech/blog/qdrant-1.10.x/) multiplies each term by
 * ln(1 + (N − df + 0.5) / (df + 0.5)) — BM25's IDF, as `bm25Idf` — with N and df counted per shard
 * (qdrant/landing_page#2526; one shard, the default, is the whole collection). So:
 * - document values are BM25's saturated, length-normalised term frequency (`bm25TermWeight`, k1 0.9,
 *   b 0.4) of each analysed term (`analyzeText`, the analyser every kioku index shares);
 * - query values are 1 for each distinct query term.
 * The sum is then exactly BM25, except that the average document length is a constant
 * (`AVERAGE_DOCUMENT_LENGTH`): Qdrant keeps no corpus length statistics, and a value computed at write
 * time from a changing average would make old and new points disagree.
 *
 * Term ids are the 32-bit FNV-1a hash of the term's UTF-8 bytes (Qdrant's sparse indices are u32).
 * Stable across processes, machines and versions; no vocabulary to store or share. Two terms that
 * collide share one index: their frequencies add up in a document and their document frequencies merge
 * — with a few thousand distinct terms per namespace a collision is rare (birthday bound ≈ n²/2³³) and
 * only blurs two terms' scores, never loses a match.
 */
import { analyzeText, bm25TermWeight, termFrequencies } from '@kioku/similarity';

/** Name of the sparse vector of a lexical collection (the dense vector stays unnamed). */
export const TEXT_VECTOR = 'text';

/** The sparse vector's configuration: Qdrant supplies IDF over the whole collection. */
export const TEXT_VECTOR_PARAMS = Object.freeze({ modifier: 'idf' as const });

/**
 * Average analysed length of a memory, in terms, used for BM25 length normalisation. Memories are a
 * sentence or a few: the LoCoMo dev conversations average 13.6 analysed terms per turn (median 12,
 * 90th percentile 24). With b = 0.4 a wrong guess moves scores only a little.
 */
export const AVERAGE_DOCUMENT_LENGTH = 16;

/**
 * Version of the analyser and this encoding, stored on every point written with a sparse vector.
 * Bump it when either changes: `reindexText('repair')` then rewrites every point of an older version.
 */
export const SPARSE_ENCODING_VERSION = 1;

/** Qdrant's sparse vector: ascending unique indices and their values. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();

/** The sparse index of a term: 32-bit FNV-1a of its UTF-8 bytes. */
export function termIdOf(term: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of utf8.encode(term)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** The document side: BM25 term weights of the document's analysed terms (empty for no terms). */
export function documentSparseVector(document: string): SparseVector {
  const frequencies = new Map<number, number>();
  let length = 0;
  for (const [term, count] of termFrequencies(document)) {
    const id = termIdOf(term);
    frequencies.set(id, (frequencies.get(id) ?? 0) + count);
    length += count;
  }
  return sparseVectorOf(frequencies, (tf) => bm25TermWeight(tf, length, AVERAGE_DOCUMENT_LENGTH));
}

/** The query side: 1 for each distinct analysed term (empty when the text has no index term). */
export function querySparseVector(text: string): SparseVector {
  return sparseVectorOf(new Map(analyzeText(text).map((term) => [termIdOf(term), 1])), () => 1);
}

function sparseVectorOf(counts: Map<number, number>, valueOf: (count: number) => number): SparseVector {
  const indices = [...counts.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((index) => valueOf(counts.get(index)!)) };
}
