/**
 * The recall ranking pipeline (SPEC §4.2 steps 1–5): vector and lexical candidates fused by rank,
 * scored with decay, emotion and importance, re-ranked by Hopfield completion and widened by
 * spreading activation over links. Filters run inside the store; the lexical path uses the store's
 * text filter so that every process sees every other process's writes. It reads only: recall adds
 * access tracking, forget's query mode does not.
 */
import { inject, injectable } from 'inversify';
import { toSimilarity } from '@kioku/kernel';
import { LinkRepository, type Link } from '@kioku/links';
import { cosineDistance, matchesFilter, type Filter } from '@kioku/vector-store';
import type { Memory } from '../../domain/memory';
import { bm25, distinctiveTerms, fuseRankings, searchText, termCoverage } from '../../domain/lexical';
import { recallScore } from '../../domain/scoring';
import { blendWithHopfield, hopfieldComplete } from '../../domain/hopfield';
import { toMetadata } from '../../domain/memory-record.codec';
import { MEMORY_TOKENS } from '../../memory.tokens';
import type { MemorySettings } from '../memory-settings';
import { MemoryRepository, type StoredMemory } from '../memory.repository';
import { QueryVectorCache } from './query-vector-cache';

const LEXICAL_CANDIDATES = 20;
const SPREAD_FACTOR = 0.3;
/** A lexical hit must contain at least this share of the query's distinctive terms. */
const MIN_TERM_COVERAGE = 0.5;

export interface RankedMemory {
  memory: Memory;
  /** Cosine similarity of the memory to the query, 0..1. */
  similarity: number;
  score: number;
  /** What earned its score: its meaning, its words, or a link from a better result. */
  source: 'vector' | 'lexical' | 'link';
}

interface Candidate {
  stored: StoredMemory;
  similarity: number;
  source: RankedMemory['source'];
  score: number;
  /** Place in the fused ranking; breaks score ties. */
  position: number;
}

@injectable()
export class MemoryRanker {
  constructor(
    @inject(MemoryRepository) private readonly memories: MemoryRepository,
    @inject(LinkRepository) private readonly links: LinkRepository,
    @inject(QueryVectorCache) private readonly queryVectors: QueryVectorCache,
    @inject(MEMORY_TOKENS.Settings) private readonly settings: MemorySettings,
  ) {}

  /** The best `n` memories for the query, best first. */
  async rank(
    namespace: string,
    query: string,
    n: number,
    filter: Filter | undefined,
    now: Date,
  ): Promise<RankedMemory[]> {
    const queryVector = await this.queryVectors.vectorFor(query);
    const terms = distinctiveTerms(query);
    // The links of the vector hits are read while the lexical search is still running.
    const vectorSearch = this.memories.nearest(namespace, queryVector, Math.max(3 * n, 10), filter);
    const [vectorHits, lexicalHits, vectorHitLinks] = await Promise.all([
      vectorSearch,
      this.memories.containingAny(namespace, terms, LEXICAL_CANDIDATES, filter),
      vectorSearch.then((hits) =>
        this.links.linksFrom(
          namespace,
          hits.map((h) => h.memory.id),
        ),
      ),
    ]);

    const pool = new Map<string, Candidate>();
    for (const hit of vectorHits) {
      pool.set(hit.memory.id, {
        stored: hit,
        similarity: toSimilarity(hit.distance),
        source: 'vector',
        score: 0,
        position: 0,
      });
    }
    const documents = lexicalHits.map((h) => searchText(h.memory.content));
    const lexicalScores = bm25(terms, documents);
    const lexicalRanked = lexicalHits
      .map((hit, i) => ({ hit, bm25: lexicalScores[i], coverage: termCoverage(terms, documents[i]) }))
      .filter((entry) => entry.bm25 > 0 && entry.coverage >= MIN_TERM_COVERAGE)
      .sort((a, b) => b.bm25 - a.bm25)
      .slice(0, Math.max(3 * n, 10));
    for (const { hit } of lexicalRanked) {
      if (!pool.has(hit.memory.id)) {
        const similarity = toSimilarity(cosineDistance(queryVector, hit.vector));
        pool.set(hit.memory.id, { stored: hit, similarity, source: 'lexical', score: 0, position: 0 });
      }
    }
    const fused = fuseRankings(
      vectorHits.map((h) => ({ id: h.memory.id, similarity: toSimilarity(h.distance) })),
      lexicalRanked.map(({ hit }) => ({
        id: hit.memory.id,
        similarity: pool.get(hit.memory.id)!.similarity,
      })),
    );
    const relevance = new Map<string, number>();
    for (const f of fused) {
      relevance.set(f.id, f.relevance);
      pool.get(f.id)!.position = f.position;
    }

    const candidates = [...pool.values()];
    const lexicalOnly = candidates.filter((c) => c.source === 'lexical').map((c) => c.stored.memory.id);
    const links = [...vectorHitLinks, ...(await this.links.linksFrom(namespace, lexicalOnly))];
    const maxConfidence = strongestLinkPerMemory(links);
    const baseScores = candidates.map((c) =>
      recallScore(
        relevance.get(c.stored.memory.id) ?? c.similarity,
        c.stored.memory,
        maxConfidence.get(c.stored.memory.id) ?? 0,
        now,
      ),
    );
    const scores =
      this.settings.hopfield && candidates.length > 1
        ? blendWithHopfield(
            baseScores,
            candidates.map((c) => c.stored.vector),
            hopfieldComplete(
              candidates.map((c) => c.stored.vector),
              queryVector,
            ),
          )
        : baseScores;
    candidates.forEach((c, i) => (c.score = scores[i]));
    candidates.sort(byScore);

    const top = candidates.slice(0, n);
    const entryScore = candidates.length >= n ? candidates[n - 1].score : -Infinity;
    await this.spreadActivation(namespace, top, links, pool, queryVector, filter, entryScore);

    return [...pool.values()]
      .sort(byScore)
      .slice(0, n)
      .map((c) => ({ memory: c.stored.memory, similarity: c.similarity, score: c.score, source: c.source }));
  }

  /**
   * Linked neighbours of the top results join the pool with `parentScore · 0.3 · confidence`; those
   * outside the pool are read only when that score would place them in the top n.
   */
  private async spreadActivation(
    namespace: string,
    top: Candidate[],
    links: Link[],
    pool: Map<string, Candidate>,
    queryVector: number[],
    filter: Filter | undefined,
    entryScore: number,
  ): Promise<void> {
    const spread = new Map<string, number>();
    for (const parent of top) {
      for (const link of links) {
        if (link.sourceId !== parent.stored.memory.id) continue;
        const score = parent.score * SPREAD_FACTOR * link.confidence;
        if (score > (spread.get(link.targetId) ?? -Infinity)) spread.set(link.targetId, score);
      }
    }
    // A neighbour outside the pool is only worth reading if its spread score can reach the top n.
    const missing = [...spread.keys()].filter((id) => !pool.has(id) && spread.get(id)! > entryScore);
    const fetched = await this.memories.get(namespace, missing, true);
    for (const stored of fetched) {
      if (filter && !matchesFilter(filter, toMetadata(stored.memory))) continue;
      const similarity = toSimilarity(cosineDistance(queryVector, stored.vector));
      pool.set(stored.memory.id, {
        stored,
        similarity,
        source: 'link',
        score: spread.get(stored.memory.id)!,
        position: Infinity,
      });
    }
    for (const [id, score] of spread) {
      const candidate = pool.get(id);
      if (candidate && score > candidate.score) {
        candidate.score = score;
        candidate.source = 'link';
      }
    }
  }
}

function byScore(a: Candidate, b: Candidate): number {
  return b.score - a.score || a.position - b.position;
}

function strongestLinkPerMemory(links: Link[]): Map<string, number> {
  const strongest = new Map<string, number>();
  for (const link of links) {
    strongest.set(link.sourceId, Math.max(strongest.get(link.sourceId) ?? 0, link.confidence));
  }
  return strongest;
}
