/**
 * Public API of @kioku/similarity: the two measures kioku ranks by, shared by the domain and every
 * store: cosine between vectors, and BM25 over text as the one analyser splits and stems it.
 */
export { cosineDistance, cosineDistanceToQuery, cosineDistanceWithNorms, dot, norm, normalize } from './lib/cosine';
export { BM25, bm25Idf, bm25TermWeight } from './lib/bm25';
export { analyzeText, termFrequencies } from './lib/text-analyzer';
